import { i18nFor } from "./i18n.ts";

// Components rendered by unit tests outside the app's root get English, as the app's default (react-i18next falls
// back to the last i18next instance made; without one, it would show keys with their placeholders).
i18nFor("en");
