import type { Messages } from "../../messages.ts";

/** Spanish for following performers, the feed and feed posts (see ../site.ts). */
export const siteSocial: Messages = {
  // following
  Follow: "Seguir",
  Following: "Siguiendo",
  "{{followers}} followers_one": "{{followers}} seguidor",
  "{{followers}} followers_many": "{{followers}} seguidores",
  "{{followers}} followers_other": "{{followers}} seguidores",
  Feed: "Novedades",
  // the feed
  "What is new from the performers you follow and subscribe to.":
    "Lo nuevo de los modelos que sigues y a los que estás suscrito.",
  "Could not load your feed.": "No se pudieron cargar tus novedades.",
  "Follow performers to see their news here. <link>Browse performers</link>":
    "Sigue a modelos para ver aquí sus novedades. <link>Ver modelos</link>",
  "Nothing new from the performers you follow yet.": "Todavía no hay nada nuevo de los modelos que sigues.",
  "New in the store": "Nuevo en la tienda",
  // feed posts
  "{{name}} has not posted anything yet.": "{{name}} todavía no ha publicado nada.",
  edited: "editado",
  Bought: "Comprado",
  "Subscribe to see this post": "Suscríbete para ver esta publicación",
  "Unlock for {{price}}": "Desbloquear por {{price}}",
  "Video {{n}}": "Vídeo {{n}}",
  Poll: "Encuesta",
  "{{votes}} votes_one": "{{votes}} voto",
  "{{votes}} votes_many": "{{votes}} votos",
  "{{votes}} votes_other": "{{votes}} votos",
  "Poll closed": "Encuesta cerrada",
  "It goes from your profile and your followers' feeds, with its comments, likes and poll.":
    "Desaparece de tu perfil y de las novedades de tus seguidores, con sus comentarios, «me gusta» y encuesta.",
  Text: "Texto",
  // one post's page
  "Post by {{name}}": "Publicación de {{name}}",
  "A post by {{name}}.": "Una publicación de {{name}}.",
  "← {{name}}'s profile": "← Perfil de {{name}}",
  "Back to your feed": "Volver a tus novedades",
};
