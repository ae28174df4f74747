import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { pages } from "./pages.ts";

const { home, ...rest } = pages;

export default [
  index(home.file),
  ...Object.entries(rest).map(([id, page]) => route(page.path, page.file, { id })),
] satisfies RouteConfig;
