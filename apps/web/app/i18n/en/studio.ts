import type { Messages } from "../messages.ts";

/** English plural forms for the studio screens (see ../en.ts). */
export const studio: Messages = {
  "{{n}} days_one": "{{n}} day",
  "{{n}} weeks_one": "{{n}} week",
  "{{n}} months_one": "{{n}} month",
  "{{n}} sales_one": "{{n}} sale",
  "{{n}} refunds_one": "{{n}} refund",
  "{{n}} photos_one": "{{n}} photo",
  "{{n}} pictures_one": "{{n}} picture",
  "{{n}} movies_one": "{{n}} movie",
  "{{n}} galleries_one": "{{n}} gallery",
  "{{n}} products_one": "{{n}} product",
  "{{followers}} followers_one": "{{followers}} follower",
  "{{n}} photos or videos_one": "{{n}} photo or video",
  "{{n}} purchases_one": "{{n}} purchase",
};
