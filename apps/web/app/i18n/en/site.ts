import type { Messages } from "../messages.ts";

/** English plural forms for the public site (see ../en.ts). */
export const site: Messages = {
  "{{views}} views_one": "{{views}} view",
  "{{movies}} movies_one": "{{movies}} movie",
  "{{fans}} fans_one": "{{fans}} fan",
  "{{photos}} photos of {{names}}._one": "{{photos}} photo of {{names}}.",
  "{{photos}} photos._one": "{{photos}} photo.",
  "Cart, {{count}} items_one": "Cart, {{count}} item",
  "{{photos}} photos_one": "{{photos}} photo",
  "{{galleries}} galleries_one": "{{galleries}} gallery",
  "{{performers}} performers matching “{{q}}”_one": "{{performers}} performer matching “{{q}}”",
  "{{performers}} performers_one": "{{performers}} performer",
  "Show {{performers}} performers_one": "Show {{performers}} performer",
  "{{comments}} comments_one": "{{comments}} comment",
  "View {{replies}} replies_one": "View {{replies}} reply",
  "{{results}} results_one": "{{results}} results",
  "{{n}} years_one": "{{n}} year",
  "{{n}} months_one": "{{n}} month",
  "{{n}} weeks_one": "{{n}} week",
  "{{n}} days_one": "{{n}} day",
  "{{followers}} followers_one": "{{followers}} follower",
  "{{votes}} votes_one": "{{votes}} vote",
};
