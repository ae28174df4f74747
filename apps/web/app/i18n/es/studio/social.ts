import type { Messages } from "../../messages.ts";

/** Spanish for the studio's posts and followers (see ../studio.ts). */
export const studioSocial: Messages = {
  // posts
  "Write posts for your profile and your followers' feeds: photos, videos and polls.":
    "Escribe publicaciones para tu perfil y las novedades de tus seguidores: fotos, vídeos y encuestas.",
  "Could not load your posts.": "No se pudieron cargar tus publicaciones.",
  "Could not load your vault.": "No se pudo cargar tu almacén.",
  "You have not posted anything yet.": "Todavía no has publicado nada.",
  "What is new?": "¿Qué hay de nuevo?",
  "Who can see it": "Quién puede verla",
  "Add a poll": "Añadir una encuesta",
  "Option {{n}}": "Opción {{n}}",
  "Remove option {{n}}": "Quitar la opción {{n}}",
  "Add an option": "Añadir una opción",
  "Open for": "Abierta durante",
  "No end": "Sin fin",
  "Posted.": "Publicada.",
  "Photos and videos": "Fotos y vídeos",
  "Pick up to {{max}} from your vault, in the order the post shows them.":
    "Elige hasta {{max}} de tu almacén, en el orden en que los muestra la publicación.",
  "{{picked}} picked": "{{picked}} elegidos",
  "Upload to your vault": "Subir a tu almacén",
  "Your vault has no processed photos or videos yet.": "Tu almacén todavía no tiene fotos ni vídeos procesados.",
  // followers
  Followers: "Seguidores",
  "{{followers}} followers_one": "{{followers}} seguidor",
  "{{followers}} followers_many": "{{followers}} seguidores",
  "{{followers}} followers_other": "{{followers}} seguidores",
  "Who follows you for free, and which of them also subscribe.":
    "Quién te sigue gratis, y quiénes de ellos también están suscritos.",
  "Could not load your followers.": "No se pudieron cargar tus seguidores.",
  "since {{date}}": "desde el {{date}}",
  Subscriber: "Suscriptor",
  "Nobody follows you yet. Members follow you from your profile.":
    "Todavía no te sigue nadie. Los miembros te siguen desde tu perfil.",
  "Write a post": "Escribir una publicación",
};
