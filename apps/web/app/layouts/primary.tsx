import {
  ActionIcon,
  Anchor,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Group,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { legalPagePath } from "@marquee/contracts/age-gate";
import type { MenuItem } from "@marquee/contracts/settings";
import { IconSearch, IconShoppingCart } from "@tabler/icons-react";
import { type ReactNode, useMemo } from "react";
import { Form, Link, useLocation } from "react-router";
import { DeferredAccountMenu } from "../components/AccountButton.tsx";
import { BackToTop } from "../components/BackToTop.tsx";
import { Brand } from "../components/Brand.tsx";
import { Drawer } from "../components/DeferredDrawer.tsx";
import { ExtraWidgetArea, ExtraWidgetSlot } from "../components/ExtraWidget.tsx";
import { LanguageMenu } from "../components/LanguageMenu.tsx";
import { LegalLinks } from "../components/LegalLinks.tsx";
import { MessagesLink } from "../components/messages/MessagesLink.tsx";
import { NotificationBell } from "../components/notifications/NotificationBell.tsx";
import { SiteLink, sortedMenus } from "../components/SiteLink.tsx";
import { SystemErrorNotice } from "../components/SystemErrorNotice.tsx";
import { ThemeToggle } from "../components/ThemeToggle.tsx";
import { msg } from "../i18n/i18n.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { useSocket } from "../realtime/SocketProvider.tsx";
import { useAppSelector } from "../state/store.ts";

function SocketStatusProbe() {
  const { status } = useSocket();
  return <span hidden data-testid="socket-status" data-socket-status={status ?? ""} />;
}

/** The catalogue's own sections and the membership, always in the header before the menus an admin adds in the settings. */
export const PRIMARY_NAV: ReadonlyArray<Pick<MenuItem, "path" | "title" | "isOpenNewTab">> = [
  { path: "/", title: msg("Home"), isOpenNewTab: false },
  { path: "/performers", title: msg("Performers"), isOpenNewTab: false },
  { path: "/movies", title: msg("Movies"), isOpenNewTab: false },
  { path: "/galleries", title: msg("Galleries"), isOpenNewTab: false },
  { path: "/photos", title: msg("Photos"), isOpenNewTab: false },
  { path: "/store", title: msg("Store"), isOpenNewTab: false },
  { path: "/membership", title: msg("Membership"), isOpenNewTab: false },
];

/** The cart's button, with how many items it holds; shown once something is in it. */
function CartButton() {
  const { t } = useTranslation();
  const total = useAppSelector((s) => s.cart.total);
  if (!total) return null;
  return (
    <ActionIcon
      component={Link}
      to="/cart"
      variant="default"
      size="lg"
      radius="md"
      aria-label={t("Cart, {{count}} items", { count: total })}
      className="marquee-cart-button"
      data-testid="cart-button"
    >
      <IconShoppingCart size={18} aria-hidden />
      <span className="marquee-cart-count" aria-hidden>
        {total > 99 ? "99+" : total}
      </span>
    </ActionIcon>
  );
}

/** Goes to /search?q=… (a plain GET form, so it also works before the app has hydrated). */
function HeaderSearch({ onSubmit }: { onSubmit?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const current = location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  return (
    <Form action="/search" method="get" role="search" onSubmit={onSubmit} style={{ width: "100%" }}>
      <TextInput
        key={current}
        name="q"
        type="search"
        defaultValue={current}
        placeholder={t("Search")}
        aria-label={t("Search the site")}
        leftSection={<IconSearch size={16} />}
        size="sm"
        radius="xl"
        maxLength={200}
      />
    </Form>
  );
}

function Header() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const allMenus = useAppSelector((s) => (s.ui.menus.length ? s.ui.menus : s.settings.data.menus));
  const menus = useMemo(
    () => sortedMenus(allMenus, "header").filter((m) => !PRIMARY_NAV.some((n) => n.path === m.path)),
    [allMenus],
  );
  // The phone menu also offers the footer's links that the header does not already have.
  const footerMenus = useMemo(
    () =>
      sortedMenus(allMenus, "footer").filter(
        (f) => !PRIMARY_NAV.some((n) => n.path === f.path) && !menus.some((m) => m.path === f.path),
      ),
    [allMenus, menus],
  );
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const isAdmin = useAppSelector((s) => s.auth.loggedIn && s.user.current.role === "admin");

  return (
    <Box component="header" className="marquee-header">
      <Container size="xl" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap" className="marquee-header-start">
            <Brand />
            <Group
              component="nav"
              aria-label={t("Main")}
              gap={2}
              visibleFrom="md"
              wrap="nowrap"
              className="marquee-header-nav"
            >
              {PRIMARY_NAV.map((item) => (
                <SiteLink key={item.path} item={item} className="marquee-nav-link">
                  {t(item.title)}
                </SiteLink>
              ))}
              {menus.map((item) => (
                <SiteLink key={`${item.path}-${item.title}`} item={item} className="marquee-nav-link" />
              ))}
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap" className="marquee-header-actions">
            <Box visibleFrom="lg" w={{ base: 180, xl: 220 }}>
              <HeaderSearch />
            </Box>
            <ActionIcon
              component={Link}
              to="/search"
              variant="default"
              size="lg"
              radius="md"
              aria-label={t("Search")}
              hiddenFrom="lg"
              className="marquee-header-search"
            >
              <IconSearch size={18} />
            </ActionIcon>
            <CartButton />
            {loggedIn && <MessagesLink />}
            {loggedIn && <NotificationBell />}
            <Box className="marquee-header-theme" display="flex">
              <ThemeToggle />
            </Box>
            {loggedIn ? (
              <DeferredAccountMenu />
            ) : (
              // In sight on a phone too: the two ways in are not hidden behind the menu.
              <Group gap={4} wrap="nowrap">
                <Button component={Link} to="/auth/login" variant="default" size="sm" className="marquee-auth-button">
                  {t("Log in")}
                </Button>
                <Button component={Link} to="/auth/register" size="sm" className="marquee-auth-button">
                  {t("Sign up")}
                </Button>
              </Group>
            )}
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={t("Open navigation")} />
          </Group>
        </Group>
      </Container>
      <Drawer opened={opened} onClose={close} size="80%" padding="lg" title={<Brand />} hiddenFrom="md" zIndex={300}>
        <Stack gap={4} component="nav" aria-label={t("Mobile")}>
          <Box mb="sm">
            <HeaderSearch onSubmit={close} />
          </Box>
          {PRIMARY_NAV.map((item) => (
            <SiteLink key={item.path} item={item} className="marquee-nav-link" onClick={close}>
              {t(item.title)}
            </SiteLink>
          ))}
          {menus.map((item) => (
            <SiteLink key={`${item.path}-${item.title}`} item={item} className="marquee-nav-link" onClick={close} />
          ))}
          {footerMenus.map((item) => (
            <SiteLink key={`${item.path}-${item.title}`} item={item} className="marquee-nav-link" onClick={close}>
              {t(item.title)}
            </SiteLink>
          ))}
          {isAdmin && (
            <SiteLink
              item={{ path: "/admin", title: t("Admin"), isOpenNewTab: false }}
              className="marquee-nav-link"
              onClick={close}
            />
          )}
          <Group hiddenFrom="xs" gap="sm" mt="sm">
            <ThemeToggle />
            <Text size="sm">{t("Light or dark theme")}</Text>
          </Group>
          {!loggedIn && (
            <>
              <Divider my="sm" />
              <Button component={Link} to="/auth/login" variant="default" onClick={close}>
                {t("Log in")}
              </Button>
              <Button component={Link} to="/auth/register" onClick={close}>
                {t("Sign up")}
              </Button>
            </>
          )}
        </Stack>
      </Drawer>
    </Box>
  );
}

/**
 * The titles of a new site's footer links (contracts' settings defaults): an admin's menu entry shows in the page's
 * language while it keeps one of these titles.
 */
export const DEFAULT_FOOTER_TITLES = [msg("Membership"), msg("Posts"), msg("Contact")];

function Footer() {
  const { t } = useTranslation();
  const footerContent = useAppSelector((s) => s.ui.footerContent || s.settings.data.footerContent);
  const allMenus = useAppSelector((s) => (s.ui.menus.length ? s.ui.menus : s.settings.data.menus));
  const menus = useMemo(() => sortedMenus(allMenus, "footer"), [allMenus]);
  return (
    <Box component="footer" className="marquee-footer" mt={64}>
      <Container size="xl" py={40}>
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap="sm" maw={520}>
            <Brand size={28} />
            <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-line" }} data-testid="footer-content">
              {footerContent}
            </Text>
          </Stack>
          {/* The footer section of the menus setting: a new site's is Membership, Posts and Contact, which show in
              the page's language while an admin keeps their titles (another title shows as written). */}
          <Group component="nav" aria-label={t("Footer")} gap="lg" data-testid="footer-menu">
            {menus.map((item) => (
              <SiteLink key={`${item.path}-${item.title}`} item={item} className="marquee-footer-link">
                {t(item.title)}
              </SiteLink>
            ))}
          </Group>
        </Group>
        <Stack gap="xs" mt="xl" pt="md" className="marquee-footer-legal">
          <Text size="xs" c="dimmed" data-testid="footer-2257">
            {t("Everyone who appears on this site was 18 or older when it was made.")}{" "}
            <Anchor component={Link} to={legalPagePath("2257")} size="xs" c="dimmed" td="underline">
              {t("18 U.S.C. 2257 record-keeping requirements compliance statement")}
            </Anchor>
          </Text>
          <Group justify="space-between" align="center" gap="md">
            <nav aria-label={t("Legal")}>
              <LegalLinks size="xs" />
            </nav>
            <LanguageMenu />
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}

export function PrimaryLayout({ children }: { children: ReactNode }) {
  return (
    <ExtraWidgetSlot>
      <Box style={{ display: "flex", flexDirection: "column", minHeight: "100vh" }}>
        <Header />
        <Box component="main" style={{ flex: 1 }} pt="xl">
          <SystemErrorNotice />
          {children}
        </Box>
        <ExtraWidgetArea />
        <Footer />
      </Box>
      <BackToTop />
      <SocketStatusProbe />
    </ExtraWidgetSlot>
  );
}
