// The components of @mantine/notifications and @mantine/nprogress alone, loaded after hydration (lazy-portals.ts).
declare module "@mantine/notifications/Notifications" {
  export { Notifications } from "@mantine/notifications";
}
declare module "@mantine/nprogress/NavigationProgress" {
  export { NavigationProgress } from "@mantine/nprogress";
}
