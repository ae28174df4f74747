// Mantine components the header and the theme toggle import lazily (floating-ui, focus trap, scroll lock and their
// CSS): none of them draws anything until it is opened or hovered, so they stay out of every page's first load.
export { Drawer, Tooltip } from "@mantine/core";
