import type { Messages } from "../messages.ts";
import { studioFrame } from "./studio/frame.ts";
import { studioMedia } from "./studio/media.ts";
import { studioMessages } from "./studio/messages.ts";
import { studioMoney } from "./studio/money.ts";
import { studioProfile } from "./studio/profile.ts";
import { studioSocial } from "./studio/social.ts";
import { studioVault } from "./studio/vault.ts";

/** Spanish for the studio screens (see ../es.ts), one file per group of screens. */
export const studio: Messages = {
  ...studioFrame,
  ...studioMedia,
  ...studioProfile,
  ...studioMoney,
  ...studioSocial,
  ...studioVault,
  ...studioMessages,
};
