// Image processing lives in platform/media/images.ts; this re-export keeps the avatar code's import working.
export { squareWebpVariants } from "./media/images.ts";
