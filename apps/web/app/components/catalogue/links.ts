/** Where the catalogue's items live on the site (one place, so cards, pages and search agree). */
export const performerPath = (p: { username: string }) => `/performers/${encodeURIComponent(p.username)}`;
/** Movies are addressed by slug; the API's GET /user/assets/videos/{id} takes an id or a slug. */
export const moviePath = (v: { slug: string }) => `/movies/${encodeURIComponent(v.slug)}`;
export const galleryPath = (g: { _id: string }) => `/galleries/${g._id}`;
export const postPath = (p: { slug: string }) => `/posts/${encodeURIComponent(p.slug)}`;
