import type { Messages } from "../../messages.ts";

/** Spanish for the public site: movies, galleries, performers, the player, comments and search (see ../site.ts). */
export const siteBrowse: Messages = {
  // The movie player.
  "Play movie": "Reproducir la película",
  Play: "Reproducir",
  Pause: "Pausa",
  "Play (k)": "Reproducir (k)",
  "Pause (k)": "Pausa (k)",
  Mute: "Silenciar",
  Unmute: "Activar el sonido",
  "Mute (m)": "Silenciar (m)",
  "Unmute (m)": "Activar el sonido (m)",
  Volume: "Volumen",
  "{{percent}}%": "{{percent}} %",
  "Picture-in-picture": "Imagen en imagen",
  "Exit picture-in-picture": "Salir de imagen en imagen",
  Fullscreen: "Pantalla completa",
  "Exit fullscreen": "Salir de pantalla completa",
  "Fullscreen (f)": "Pantalla completa (f)",
  "Exit fullscreen (f)": "Salir de pantalla completa (f)",
  "{{control}}: {{value}}": "{{control}}: {{value}}",
  Quality: "Calidad",
  Auto: "Automática",
  "Auto ({{quality}})": "Automática ({{quality}})",
  "Playback speed": "Velocidad de reproducción",
  Normal: "Normal",
  "{{rate}}×": "{{rate}}×",
  Captions: "Subtítulos",
  "Captions off": "Desactivados",
  "Captions {{number}}": "Subtítulos {{number}}",
  Seek: "Buscar",
  "{{time}} of {{duration}}": "{{time}} de {{duration}}",
  "Next up": "A continuación",
  "Starts in {{seconds}} s": "Empieza en {{seconds}} s",
  "Play now": "Reproducir ahora",
  Cancel: "Cancelar",

  // movie page
  "{{title}} with {{names}}.": "{{title}} con {{names}}.",
  Likes: "Me gusta",
  Released: "Publicada",
  Premieres: "Se estrena",
  "About this movie": "Sobre esta película",
  "More like this": "Más como esta",
  "No related movies yet.": "Aún no hay películas relacionadas.",
  "Related movies": "Películas relacionadas",

  // a locked movie or gallery (lib/access-cta.ts)
  "This movie premieres on {{date}}. Come back then to watch it.":
    "Esta película se estrena el {{date}}. Vuelve entonces para verla.",
  "This movie premieres soon. Come back then to watch it.":
    "Esta película se estrena pronto. Vuelve entonces para verla.",
  "This movie is being processed": "Esta película se está procesando",
  "It will be ready to watch in a few minutes. Please check back shortly.":
    "Estará lista para ver en unos minutos. Vuelve a comprobarlo en breve.",
  "Log in to watch": "Inicia sesión para verla",
  "This movie is for members. Log in or create a free account to see how to get in.":
    "Esta película es para miembros. Inicia sesión o crea una cuenta gratis para ver cómo acceder.",
  "This movie is for sale for {{price}}. Log in or create a free account to get it.":
    "Esta película está en venta por {{price}}. Inicia sesión o crea una cuenta gratis para conseguirla.",
  "This movie is for members. Membership costs {{membership}}: join, or log in if you are a member.":
    "Esta película es para miembros. La membresía cuesta {{membership}}: únete, o inicia sesión si ya eres miembro.",
  "Buy this movie": "Comprar esta película",
  "Own it and watch it as often as you like.": "Consíguela y mírala tantas veces como quieras.",
  "Own it for {{price}} and watch it as often as you like.":
    "Consíguela por {{price}} y mírala tantas veces como quieras.",
  "Join for {{membership}} to watch this and every members movie.":
    "Únete por {{membership}} para ver esta y todas las películas para miembros.",
  "Join for {{membership}} to watch this and every members movie, or subscribe to {{who}}.":
    "Únete por {{membership}} para ver esta y todas las películas para miembros, o suscríbete a {{who}}.",
  "Become a member to watch this and every members movie.":
    "Hazte miembro para ver esta y todas las películas para miembros.",
  "Become a member to watch this and every members movie, or subscribe to {{who}}.":
    "Hazte miembro para ver esta y todas las películas para miembros, o suscríbete a {{who}}.",
  "This gallery premieres on {{date}}. Come back then to see it.":
    "Esta galería se estrena el {{date}}. Vuelve entonces para verla.",
  "This gallery premieres soon. Come back then to see it.":
    "Esta galería se estrena pronto. Vuelve entonces para verla.",
  "This gallery is being processed": "Esta galería se está procesando",
  "It will be ready to see in a few minutes. Please check back shortly.":
    "Estará lista para ver en unos minutos. Vuelve a comprobarlo en breve.",
  "Log in to see the photos": "Inicia sesión para ver las fotos",
  "This gallery is for members. Log in or create a free account to see how to get in.":
    "Esta galería es para miembros. Inicia sesión o crea una cuenta gratis para ver cómo acceder.",
  "This gallery is for sale for {{price}}. Log in or create a free account to get it.":
    "Esta galería está en venta por {{price}}. Inicia sesión o crea una cuenta gratis para conseguirla.",
  "This gallery is for members. Membership costs {{membership}}: join, or log in if you are a member.":
    "Esta galería es para miembros. La membresía cuesta {{membership}}: únete, o inicia sesión si ya eres miembro.",
  "Buy this gallery": "Comprar esta galería",
  "Own it and see it as often as you like.": "Consíguela y mírala tantas veces como quieras.",
  "Own it for {{price}} and see it as often as you like.":
    "Consíguela por {{price}} y mírala tantas veces como quieras.",
  "Join for {{membership}} to see this and every members gallery.":
    "Únete por {{membership}} para ver esta y todas las galerías para miembros.",
  "Join for {{membership}} to see this and every members gallery, or subscribe to {{who}}.":
    "Únete por {{membership}} para ver esta y todas las galerías para miembros, o suscríbete a {{who}}.",
  "Become a member to see this and every members gallery.":
    "Hazte miembro para ver esta y todas las galerías para miembros.",
  "Become a member to see this and every members gallery, or subscribe to {{who}}.":
    "Hazte miembro para ver esta y todas las galerías para miembros, o suscríbete a {{who}}.",
  "Coming {{date}}": "Llega el {{date}}",
  Join: "Unirse",
  "Buy for {{price}}": "Comprar por {{price}}",
  "{{first}} or {{second}}": "{{first}} o {{second}}",
  "For members": "Para miembros",
  "Subscribe to {{name}} · {{price}}/month": "Suscribirse a {{name}} · {{price}}/mes",

  // gallery page
  "By <link>performers</link>": "De <link>modelos</link>",
  "Photos of {{title}}": "Fotos de {{title}}",
  "More galleries": "Más galerías",
  "Related galleries": "Galerías relacionadas",
  "Browse galleries": "Ver galerías",

  // media viewers: posters, locked tiles, the photo viewer
  "{{title}}, poster": "{{title}}, póster",
  "{{title}} (photo {{n}} of {{total}})": "{{title}} (foto {{n}} de {{total}})",
  "Photo {{n}} of {{total}}": "Foto {{n}} de {{total}}",
  "{{name}}, locked": "{{name}}, bloqueada",
  "{{name}}, locked preview": "{{name}}, vista previa bloqueada",
  "Open {{name}}": "Abrir {{name}}",
  "Photo viewer: {{title}}": "Visor de fotos: {{title}}",
  "{{n}} of {{total}}": "{{n}} de {{total}}",
  "Close viewer": "Cerrar el visor",
  "Previous photo": "Foto anterior",
  "Next photo": "Foto siguiente",
  "Use ← and → to move, Esc to close": "Usa ← y → para moverte, Esc para cerrar",
  "Swipe left or right to move": "Desliza a la izquierda o a la derecha para moverte",

  // movies and galleries lists
  "{{category}} movies": "Películas de {{category}}",
  "Watch the latest movies: free, members-only and on sale, from every performer.":
    "Mira las últimas películas: gratis, solo para miembros y en venta, de todas las modelos.",
  "Search movies": "Buscar películas",
  "Could not load the movies": "No se pudieron cargar las películas",
  "Load more movies": "Cargar más películas",
  "No movies match these filters. Try fewer tags or another category.":
    "Ninguna película coincide con estos filtros. Prueba con menos etiquetas o con otra categoría.",
  "No movies have been published yet.": "Todavía no se ha publicado ninguna película.",
  "{{category}} galleries": "Galerías de {{category}}",
  "Photo galleries from every performer: free sets, members-only shoots and more.":
    "Galerías de fotos de todas las modelos: sesiones gratis, sesiones solo para miembros y más.",
  "Search galleries": "Buscar galerías",
  "Could not load the galleries": "No se pudieron cargar las galerías",
  "Load more galleries": "Cargar más galerías",
  "{{galleries}} galleries_one": "{{galleries}} galería",
  "{{galleries}} galleries_many": "{{galleries}} galerías",
  "{{galleries}} galleries_other": "{{galleries}} galerías",
  "Latest photos": "Últimas fotos",
  "No galleries match these filters. Try fewer tags or another category.":
    "Ninguna galería coincide con estos filtros. Prueba con menos etiquetas o con otra categoría.",
  "No galleries have been published yet.": "Todavía no se ha publicado ninguna galería.",

  // lists: load more
  "Showing {{shown}} of {{total}}": "Mostrando {{shown}} de {{total}}",
  "Load more": "Cargar más",

  // movies and galleries filters (lib/catalogue-filters.ts, components/browse/FilterBar.tsx)
  Oldest: "Más antiguos",
  "Price: low to high": "Precio: de menor a mayor",
  Free: "Gratis",
  Members: "Miembros",
  "For sale": "En venta",
  All: "Todas",
  "All categories": "Todas las categorías",
  "No such category": "No existe esa categoría",
  Access: "Acceso",
  Tags: "Etiquetas",

  // performer filters (lib/performer-filters.ts)
  Newest: "Más recientes",
  "Most popular": "Más populares",
  "Name A–Z": "Nombre (A–Z)",
  Ethnicity: "Origen étnico",
  "Body type": "Complexión",
  Hair: "Cabello",
  Eyes: "Ojos",
  Height: "Estatura",
  Orientation: "Orientación",
  "Under {{cm}} cm": "Menos de {{cm}} cm",
  "Over {{cm}} cm": "Más de {{cm}} cm",

  // performer page
  Gender: "Género",
  Languages: "Idiomas",
  Performer: "Modelo",
  "Movies, galleries and more from {{name}} (@{{username}}).": "Películas, galerías y más de {{name}} (@{{username}}).",
  Monthly: "Mensual",
  "/ month": "/ mes",
  Yearly: "Anual",
  "/ year": "/ año",
  "This is your profile": "Este es tu perfil",
  "Update your prices, picture and details in your studio.":
    "Actualiza tus precios, tu foto y tus datos en tu estudio.",
  "Edit profile": "Editar el perfil",
  "You are subscribed": "Estás suscrito",
  "Your subscription runs until {{date}}.": "Tu suscripción está vigente hasta el {{date}}.",
  "Subscribe to {{name}}": "Suscríbete a {{name}}",
  "Unlock every members movie and gallery from {{name}}.":
    "Desbloquea todas las películas y galerías para miembros de {{name}}.",
  "{{name}} has not opened subscriptions yet.": "{{name}} todavía no ha abierto las suscripciones.",
  "{{period}} · {{price}}": "{{period}} · {{price}}",
  "Renews until you cancel; cancel any time in your account.":
    "Se renueva hasta que la canceles; puedes cancelarla cuando quieras desde tu cuenta.",
  "Log in to subscribe": "Inicia sesión para suscribirte",
  Fans: "Fans",
  Views: "Visualizaciones",
  "{{name}}'s avatar": "Avatar de {{name}}",
  Online: "En línea",
  Stats: "Estadísticas",
  Details: "Detalles",
  About: "Acerca de",
  Categories: "Categorías",
  "Movies ({{n}})": "Películas ({{n}})",
  "Galleries ({{n}})": "Galerías ({{n}})",
  "Products ({{n}})": "Productos ({{n}})",
  "{{name}} has not published any movies yet.": "{{name}} todavía no ha publicado ninguna película.",
  "{{name}} has not published any galleries yet.": "{{name}} todavía no ha publicado ninguna galería.",
  Products: "Productos",
  "{{name}} has nothing in the store yet.": "{{name}} todavía no tiene nada en la tienda.",
  "Browse performers": "Ver modelos",

  // performers directory
  "Discover performers: search by name and filter by gender, country, category and more.":
    "Descubre modelos: busca por nombre y filtra por género, país, categoría y más.",
  "Any gender": "Cualquier género",
  Country: "País",
  "Any country": "Cualquier país",
  Category: "Categoría",
  "Any category": "Cualquier categoría",
  "Fewer filters": "Menos filtros",
  "More filters": "Más filtros",
  Any: "Cualquiera",
  "{{performers}} performers matching “{{q}}”_one": "{{performers}} modelo que coincide con «{{q}}»",
  "{{performers}} performers matching “{{q}}”_many": "{{performers}} modelos que coinciden con «{{q}}»",
  "{{performers}} performers matching “{{q}}”_other": "{{performers}} modelos que coinciden con «{{q}}»",
  "{{performers}} performers_one": "{{performers}} modelo",
  "{{performers}} performers_many": "{{performers}} modelos",
  "{{performers}} performers_other": "{{performers}} modelos",
  "Creators to discover and follow.": "Creadoras para descubrir y seguir.",
  "Sort by": "Ordenar por",
  Filters: "Filtros",
  "Search performers": "Buscar modelos",
  "Name or username": "Nombre o nombre de usuario",
  "Show {{performers}} performers_one": "Mostrar {{performers}} modelo",
  "Show {{performers}} performers_many": "Mostrar {{performers}} modelos",
  "Show {{performers}} performers_other": "Mostrar {{performers}} modelos",
  "Clear filters": "Borrar los filtros",
  "Performers could not be loaded": "No se pudieron cargar las modelos",
  "No performers match these filters.": "Ninguna modelo coincide con estos filtros.",
  "Try another name, or clear some filters.": "Prueba con otro nombre o borra algunos filtros.",

  // comments
  "No comments yet": "Todavía no hay comentarios",
  "{{comments}} comments_one": "{{comments}} comentario",
  "{{comments}} comments_many": "{{comments}} comentarios",
  "{{comments}} comments_other": "{{comments}} comentarios",
  "Spam or advertising": "Spam o publicidad",
  "Abusive, hateful or harassing": "Abusivo, de odio o acosador",
  "Something else": "Otro motivo",
  "Thanks for the report. A moderator will look at it.": "Gracias por la denuncia. Un moderador la revisará.",
  Comments: "Comentarios",
  "Loading comments…": "Cargando los comentarios…",
  "Add a comment": "Añade un comentario",
  Comment: "Comentar",
  "Log in to comment": "Inicia sesión para comentar",
  "More comments": "Más comentarios",
  "{{label}}…": "{{label}}…",
  "Delete this comment?": "¿Eliminar este comentario?",
  "Its replies go with it.": "Sus respuestas también se eliminarán.",
  "This cannot be undone.": "Esto no se puede deshacer.",
  Delete: "Eliminar",
  "(edited)": "(editado)",
  "Edit your comment": "Edita tu comentario",
  Save: "Guardar",
  Reply: "Responder",
  Edit: "Editar",
  "Hide replies": "Ocultar las respuestas",
  "View {{replies}} replies_one": "Ver {{replies}} respuesta",
  "View {{replies}} replies_many": "Ver {{replies}} respuestas",
  "View {{replies}} replies_other": "Ver {{replies}} respuestas",
  "Reply to {{name}}": "Responder a {{name}}",
  "Replies to {{name}}": "Respuestas a {{name}}",
  "More replies": "Más respuestas",
  Reported: "Denunciado",
  Report: "Denunciar",
  "Report {{author}}'s comment": "Denunciar el comentario de {{author}}",
  "What is wrong with it?": "¿Qué problema tiene?",
  "Anything the moderators should know (optional)": "Algo que los moderadores deban saber (opcional)",
  "Send report": "Enviar denuncia",

  // reactions
  Liked: "Te gusta",
  Like: "Me gusta",
  Favourited: "En favoritos",
  Favourite: "Favorito",
  "In watch later": "En ver más tarde",
  "Watch later": "Ver más tarde",
  "Error occured, please try again later.": "Se produjo un error. Vuelve a intentarlo más tarde.",

  // search
  "Search: {{q}}": "Búsqueda: {{q}}",
  "Search performers, movies, galleries and products.": "Busca modelos, películas, galerías y productos.",
  "No performers match your search.": "Ninguna modelo coincide con tu búsqueda.",
  "No movies match your search.": "Ninguna película coincide con tu búsqueda.",
  "No galleries match your search.": "Ninguna galería coincide con tu búsqueda.",
  "No products match your search.": "Ningún producto coincide con tu búsqueda.",
  "Results for “{{q}}”": "Resultados para «{{q}}»",
  "Search performers, movies, galleries and products": "Buscar modelos, películas, galerías y productos",
  "Nothing matches your search. Try other words.": "Nada coincide con tu búsqueda. Prueba con otras palabras.",
  "{{results}} results_one": "{{results}} resultado",
  "{{results}} results_many": "{{results}} resultados",
  "{{results}} results_other": "{{results}} resultados",
  "{{label}} ({{n}})": "{{label}} ({{n}})",

  // latest photos
  "The newest photos from every gallery, fresh from the performers' latest shoots.":
    "Las fotos más nuevas de todas las galerías, recién salidas de las últimas sesiones de las modelos.",
  "New from every gallery. Open a photo to see it in its gallery, or <link>browse the galleries</link>.":
    "Lo nuevo de todas las galerías. Abre una foto para verla en su galería, o <link>explora las galerías</link>.",
  "Could not load the photos": "No se pudieron cargar las fotos",
  "No photos have been published yet.": "Todavía no se ha publicado ninguna foto.",
  "Load more photos": "Cargar más fotos",

  // the comments', performers' and profile stores' messages
  "Commented successfully": "Comentario publicado",
  "Could not load the comments, please try again.": "No se pudieron cargar los comentarios, inténtalo de nuevo.",
  "Could not load more comments, please try again.": "No se pudieron cargar más comentarios, inténtalo de nuevo.",
  "Could not load performers, please try again.": "No se pudieron cargar las modelos, inténtalo de nuevo.",
  "Could not load this performer, please try again.": "No se pudo cargar esta modelo, inténtalo de nuevo.",
  "Could not load this performer.": "No se pudo cargar esta modelo.",
  "Could not load your profile": "No se pudo cargar tu perfil",
  Error: "Error",
};
