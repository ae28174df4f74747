// Mantine's global styles; each component's CSS comes with its code (mantine-styles.ts), in Mantine's order.
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import "./app.css";
import {
  Button,
  ColorSchemeScript,
  Container,
  Group,
  MantineProvider,
  mantineHtmlProps,
  Stack,
  Text,
  Title,
  useComputedColorScheme,
} from "@mantine/core";
import { nprogress } from "@mantine/nprogress";
import { safeLink } from "@marquee/contracts/links";
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from "react";
import { Provider } from "react-redux";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { i18nFor } from "./i18n/i18n.ts";
import { I18nContext, useTranslation } from "./i18n/use-translation.ts";
import { AuthLayout } from "./layouts/auth.tsx";
import { BlankLayout } from "./layouts/blank.tsx";
import { GeoBlockLayout } from "./layouts/geo-block.tsx";
import { MaintenanceBanner, MaintenanceLayout } from "./layouts/maintenance.tsx";
import { PrimaryLayout } from "./layouts/primary.tsx";
import { PublicLayout } from "./layouts/public.tsx";
import { setServerErrorHandler, setUnauthorizedHandler } from "./lib/api.ts";
import { useCartSync } from "./lib/cart-sync.ts";
import { useNonce } from "./lib/nonce.ts";
import { rootLoader } from "./lib/root-data.server.ts";
import type { RootData } from "./lib/root-types.ts";
import { CART_SYNC_PATH } from "./lib/store.ts";
import { isPageHandle, type PageHandle, pageHandleFor, pages, showsMaintenance } from "./pages.ts";
import { SocketProvider } from "./realtime/SocketProvider.tsx";
import { setLoggedIn } from "./state/auth.ts";
import { publicSettingsLoaded } from "./state/settings.ts";
import { type AppStore, makeStore, type RootState, useAppDispatch, useAppSelector } from "./state/store.ts";
import { setSystemError } from "./state/system.ts";
import { initialUiState, parsePersistedUi, restoreUi, setTheme, UI_STORAGE_KEY } from "./state/ui.ts";
import { initialUserState, setCurrentUser, toCurrentUser } from "./state/user.ts";
import { cssVariablesResolver, theme, themeVariablesCss } from "./theme.ts";

// Toasts and the page-loading bar draw into portals, which render nothing on the server nor before hydration: their
// code and CSS load after hydration instead of before the first paint (the components alone: lazy-portals.ts).
const Notifications = lazy(async () => {
  const [{ Notifications }] = await Promise.all([
    import("@mantine/notifications/Notifications"),
    import("@mantine/notifications/styles.css"),
  ]);
  return { default: Notifications };
});
const NavigationProgress = lazy(async () => {
  const [{ NavigationProgress }] = await Promise.all([
    import("@mantine/nprogress/NavigationProgress"),
    import("@mantine/nprogress/styles.css"),
  ]);
  return { default: NavigationProgress };
});

function AfterHydration({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <Suspense fallback={null}>{children}</Suspense> : null;
}

const CONTEXT_MENU_GUARD = 'document.addEventListener("contextmenu",function(e){e.preventDefault()});';

export async function loader({ request, context }: Route.LoaderArgs) {
  return rootLoader(request, context);
}

/** The root loader's headers (the maintenance page's `Retry-After`) go with the page, whichever page it is. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/**
 * Re-check the session on the server whenever a protected page is entered; the cart's background saves
 * (lib/cart-sync.ts) enter no page.
 */
export function shouldRevalidate({ nextUrl, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === CART_SYNC_PATH) return false;
  return defaultShouldRevalidate || pageHandleFor(nextUrl.pathname).requiresAuth;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData("root") as RootData | undefined;
  const nonce = useNonce();
  const locale = data?.locale ?? "en";
  // The page's language for everything below, the error page included (issue 23 section 5).
  const i18n = useMemo(() => i18nFor(locale), [locale]);
  return (
    <html lang={locale} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#862e9c" />
        <link rel="icon" href={safeLink(data?.settings.favicon, "/favicon.svg")} />
        <Meta />
        <Links />
        <ColorSchemeScript defaultColorScheme="light" nonce={nonce} />
        {/* The theme's CSS variables, worked out once per process (theme.ts); MantineProvider's own are off. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the theme's own constant CSS, no user input */}
        <style data-mantine-styles nonce={nonce} dangerouslySetInnerHTML={{ __html: themeVariablesCss() }} />
        {/* SPEC section 1: right-click is disabled on every page, from first paint (before the app hydrates). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant string, no user input */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: CONTEXT_MENU_GUARD }} />
      </head>
      <body>
        <I18nContext.Provider value={i18n}>
          <MantineProvider
            theme={theme}
            defaultColorScheme="light"
            cssVariablesResolver={cssVariablesResolver}
            withCssVariables={false}
          >
            {children}
          </MantineProvider>
        </I18nContext.Provider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function preloadedState(data: RootData): Partial<RootState> {
  const s = data.settings;
  return {
    auth: {
      loggedIn: !!data.user,
      loginAuth: { requesting: false, error: null, data: null, success: false },
      forgotData: { requesting: false, error: null, data: null, success: false },
    },
    user: data.user ? { ...initialUserState, current: toCurrentUser(data.user) } : initialUserState,
    settings: { data: s, loaded: true },
    ui: {
      ...initialUiState,
      siteName: s.siteName,
      logo: s.logo,
      menus: s.menus,
      favicon: s.favicon,
      loginPlaceholderImage: s.loginPlaceholderImage,
      footerContent: s.footerContent,
      currency: s.currency,
      currencySymbol: s.currencySymbol,
    },
  };
}

/** Browser-only wiring: loading bar, ui persistence, colour scheme and session sync. */
function AppEffects({ data, store }: { data: RootData; store: AppStore }) {
  const dispatch = useAppDispatch();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const scheme = useComputedColorScheme("light", { getInitialValueInEffect: true });

  // SPEC section 2: a loading state around route changes.
  useEffect(() => {
    if (navigation.state === "idle") nprogress.complete();
    else nprogress.start();
  }, [navigation.state]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (window.location.pathname !== "/login") void navigate("/login");
    });
  }, [navigate]);

  // SPEC section 3's system.error: a browser call the server failed (5xx) is recorded for the page to show.
  useEffect(() => {
    setServerErrorHandler((error) => {
      dispatch(setSystemError({ message: error.message, statusCode: error.statusCode }));
    });
  }, [dispatch]);

  // ui settings: restore from localStorage once, let the server's settings win, then persist every change.
  useEffect(() => {
    try {
      dispatch(restoreUi(parsePersistedUi(window.localStorage.getItem(UI_STORAGE_KEY))));
    } catch {
      // storage unavailable (private mode): nothing to restore
    }
    dispatch(publicSettingsLoaded(data.settings));
    let last = store.getState().ui;
    return store.subscribe(() => {
      const ui = store.getState().ui;
      if (ui === last) return;
      last = ui;
      try {
        window.localStorage.setItem(UI_STORAGE_KEY, JSON.stringify(ui));
      } catch {
        // storage full or unavailable: persistence is best effort
      }
    });
  }, [dispatch, store, data.settings]);

  // The cart (SPEC section 3): in localStorage, followed across tabs, and kept on the server for a signed-in member.
  const userId = useAppSelector((s) => (s.auth.loggedIn && s.user.current._id ? s.user.current._id : null));
  useCartSync(store, userId);

  useEffect(() => {
    dispatch(setTheme(scheme));
  }, [dispatch, scheme]);

  // Marks the document once React has taken over, so browser tests can wait for interactive forms.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  // A fresh root loader result with a user (e.g. after a server-side check) updates the session in the store.
  useEffect(() => {
    if (data.user && store.getState().user.current._id !== data.user._id) {
      dispatch(setCurrentUser(data.user));
      dispatch(setLoggedIn(true));
    }
  }, [data.user, dispatch, store]);

  return null;
}

function currentHandle(matches: ReturnType<typeof useMatches>): PageHandle {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isPageHandle(handle)) return handle;
  }
  return pages.notFound.handle;
}

function PageFrame({ data }: { data: RootData }) {
  const matches = useMatches();
  const location = useLocation();
  const role = useAppSelector((s) => s.user.current.role);
  const handle = currentHandle(matches);

  if (data.blocked) return <GeoBlockLayout />;
  if (showsMaintenance(data.settings.maintenanceMode, role, location.pathname)) return <MaintenanceLayout />;
  // An admin browses the site while it is under maintenance, told so on every page.
  const banner = data.settings.maintenanceMode && role === "admin" ? <MaintenanceBanner /> : null;
  return (
    <>
      {banner}
      <PageLayout handle={handle} />
    </>
  );
}

function PageLayout({ handle }: { handle: PageHandle }) {
  switch (handle.layout) {
    case "auth":
      return (
        <AuthLayout>
          <Outlet />
        </AuthLayout>
      );
    case "blank":
      return (
        <BlankLayout>
          <Outlet />
        </BlankLayout>
      );
    case "public":
      return (
        <PublicLayout>
          <Outlet />
        </PublicLayout>
      );
    case "geo-block":
      return <GeoBlockLayout />;
    case "maintenance":
      return <MaintenanceLayout />;
    default:
      return (
        <PrimaryLayout>
          <Outlet />
        </PrimaryLayout>
      );
  }
}

export default function App({ loaderData }: Route.ComponentProps) {
  const [store] = useState(() => makeStore(preloadedState(loaderData)));
  const { t } = useTranslation();

  return (
    <Provider store={store}>
      <AfterHydration>
        <Notifications position="top-right" zIndex={1000} className="marquee-toasts" />
        <NavigationProgress aria-label={t("Page loading")} />
      </AfterHydration>
      <AppEffects data={loaderData} store={store} />
      <SocketProvider>
        <PageFrame data={loaderData} />
      </SocketProvider>
    </Provider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const { t } = useTranslation();
  let title = t("Something went wrong");
  let message = t("An unexpected error occurred. Please try again in a moment.");
  // A server-side failure (the API down or too slow: 503/504) may be gone on the next request; a 404 will not.
  let tryAgain = true;
  if (isRouteErrorResponse(error)) {
    tryAgain = error.status >= 500;
    title =
      error.status === 404
        ? t("Page not found")
        : error.status === 504
          ? t("This is taking too long")
          : error.status === 503 || error.status === 502
            ? t("Temporarily unavailable")
            : `${error.status} ${error.statusText}`;
    message = typeof error.data === "string" && error.data ? error.data : message;
  } else if (import.meta.env.DEV && error instanceof Error) {
    message = error.message;
  }
  return (
    <Container size="sm" py={96}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{message}</Text>
        <Group justify="center">
          {/* A plain link: a full request, so the server renders the page again rather than the cached error. */}
          {tryAgain && (
            <Button component="a" href={`${location.pathname}${location.search}`} data-testid="error-retry">
              {t("Try again")}
            </Button>
          )}
          <Button component="a" href="/" variant={tryAgain ? "default" : "filled"}>
            {t("Back to home")}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
