import type { Messages } from "../../messages.ts";

/** Spanish for Studio → Vault: photos and videos uploaded once, for posts and messages (see ../studio.ts). */
export const studioVault: Messages = {
  Vault: "Bóveda",
  "Photos and videos you upload once and attach to posts and messages.":
    "Fotos y vídeos que subes una vez y adjuntas a publicaciones y mensajes.",
  "Could not load your vault.": "No se pudo cargar tu bóveda.",
  "Choose a photo (JPEG, PNG, WebP, GIF or AVIF) or a video.":
    "Elige una foto (JPEG, PNG, WebP, GIF o AVIF) o un vídeo.",
  "The photo must be {{mb}} MB or smaller.": "La foto debe ocupar {{mb}} MB o menos.",
  "Upload a photo or video": "Sube una foto o un vídeo",
  "Drag a photo or video here": "Arrastra aquí una foto o un vídeo",
  "Or click to choose it. Photos up to {{photoMb}} MB, videos up to {{videoMb}} MB and 10 minutes.":
    "O haz clic para elegirlo. Fotos de hasta {{photoMb}} MB, vídeos de hasta {{videoMb}} MB y 10 minutos.",
  "Delete this item?": "¿Eliminar este elemento?",
  "{{name}} is removed from your vault for good.": "{{name}} se elimina de tu bóveda para siempre.",
  "Delete item": "Eliminar elemento",
  "The item is deleted.": "El elemento se ha eliminado.",
  "Could not delete the item.": "No se pudo eliminar el elemento.",
  Photo: "Foto",
  Video: "Vídeo",
  Videos: "Vídeos",
  "Your vault is empty. Upload a photo or video to start.":
    "Tu bóveda está vacía. Sube una foto o un vídeo para empezar.",
};
