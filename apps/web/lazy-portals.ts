import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/**
 * Toasts and the page-loading bar draw nothing before hydration, so root.tsx loads their components after it
 * (`import("@mantine/notifications/Notifications")`), while pages call their stores (`notifications.show`,
 * `nprogress.start`) from the first load on. Both packages' index imports the component next to the store: left
 * alone, the store's static import brings the component (and react-transition-group, use-drag) into the app shell.
 * Here the package's name stands for its store alone and `<package>/<Component>` for the component, both the
 * package's own files, so the store is one module whichever way it is reached.
 */
const PACKAGES: Record<string, { store: string; component: string }> = {
  "@mantine/notifications": { store: "notifications.store.mjs", component: "Notifications" },
  "@mantine/nprogress": { store: "nprogress.store.mjs", component: "NavigationProgress" },
};

export function lazyPortals(): Plugin {
  const dirs = new Map<string, string>();
  const esm = (pkg: string) => {
    let dir = dirs.get(pkg);
    if (!dir) {
      dir = dirname(fileURLToPath(import.meta.resolve(pkg)));
      dirs.set(pkg, dir);
    }
    return dir;
  };
  return {
    name: "marquee:lazy-portals",
    enforce: "pre",
    resolveId(source) {
      const pkg = PACKAGES[source];
      if (pkg) return join(esm(source), pkg.store);
      const slash = source.lastIndexOf("/");
      const owner = PACKAGES[source.slice(0, slash)];
      if (owner && source.slice(slash + 1) === owner.component) {
        return join(esm(source.slice(0, slash)), `${owner.component}.mjs`);
      }
      return null;
    },
  };
}
