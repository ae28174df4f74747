import type { Messages } from "../../messages.ts";

/** Spanish for the public site: the frame of every page, the home page, error pages and the small pages (see ../site.ts). */
export const siteFrame: Messages = {
  // what the catalogue shows of a movie or gallery, error pages, language
  Duration: "Duración",
  Watched: "Visto",
  "{{percent}}% watched": "{{percent}} % visto",
  "{{views}} views_one": "{{views}} visualización",
  "{{views}} views_many": "{{views}} visualizaciones",
  "{{views}} views_other": "{{views}} visualizaciones",
  Subscribed: "Suscrito",
  "{{movies}} movies_one": "{{movies}} película",
  "{{movies}} movies_many": "{{movies}} películas",
  "{{movies}} movies_other": "{{movies}} películas",
  "{{fans}} fans_one": "{{fans}} fan",
  "{{fans}} fans_many": "{{fans}} fans",
  "{{fans}} fans_other": "{{fans}} fans",
  "Gallery not found": "Galería no encontrada",
  "{{photos}} photos of {{names}}._one": "{{photos}} foto de {{names}}.",
  "{{photos}} photos of {{names}}._many": "{{photos}} fotos de {{names}}.",
  "{{photos}} photos of {{names}}._other": "{{photos}} fotos de {{names}}.",
  "{{photos}} photos._one": "{{photos}} foto.",
  "{{photos}} photos._many": "{{photos}} fotos.",
  "{{photos}} photos._other": "{{photos}} fotos.",
  "Something went wrong": "Algo salió mal",
  "An unexpected error occurred. Please try again in a moment.":
    "Se produjo un error inesperado. Vuelve a intentarlo en un momento.",
  "Page not found": "Página no encontrada",
  "This is taking too long": "Esto está tardando demasiado",
  "Temporarily unavailable": "No disponible temporalmente",
  "Try again": "Reintentar",
  "Back to home": "Volver al inicio",
  "Page loading": "Cargando la página",
  Language: "Idioma",

  // header, navigation and footer
  Home: "Inicio",
  Performers: "Modelos",
  Movies: "Películas",
  Galleries: "Galerías",
  Photos: "Fotos",
  Store: "Tienda",
  Membership: "Membresía",
  Posts: "Publicaciones",
  Contact: "Contacto",
  "Cart, {{count}} items_one": "Carrito, {{count}} artículo",
  "Cart, {{count}} items_many": "Carrito, {{count}} artículos",
  "Cart, {{count}} items_other": "Carrito, {{count}} artículos",
  Search: "Buscar",
  "Search the site": "Buscar en el sitio",
  Main: "Principal",
  "Log in": "Iniciar sesión",
  "Sign up": "Registrarse",
  "Open navigation": "Abrir la navegación",
  Mobile: "Móvil",
  Admin: "Administración",
  "Light or dark theme": "Tema claro u oscuro",
  Footer: "Pie de página",
  "Everyone who appears on this site was 18 or older when it was made.":
    "Todas las personas que aparecen en este sitio tenían 18 años o más cuando se grabó.",
  "18 U.S.C. 2257 record-keeping requirements compliance statement":
    "Declaración de cumplimiento de los requisitos de registro de 18 U.S.C. 2257",
  Legal: "Aviso legal",

  // header: brand, account button, theme
  "{{siteName}} home": "Inicio de {{siteName}}",
  Account: "Cuenta",
  "Account menu": "Menú de la cuenta",
  "Switch light / dark theme": "Cambiar entre tema claro y oscuro",
  "Toggle color scheme": "Cambiar el esquema de color",
  "Back to top": "Volver arriba",

  // home
  "Movies, galleries and exclusive content from the performers you follow.":
    "Películas, galerías y contenido exclusivo de las modelos que sigues.",
  "Welcome to {{siteName}}": "Te damos la bienvenida a {{siteName}}",
  "Movies, galleries and exclusive drops from the performers you follow, all in one place.":
    "Películas, galerías y estrenos exclusivos de las modelos que sigues, todo en un solo lugar.",
  "Browse movies": "Ver películas",
  "Create a free account": "Crear una cuenta gratis",
  "Continue watching": "Seguir viendo",
  History: "Historial",
  "Featured performers": "Modelos destacadas",
  "The creators everyone is watching right now.": "Las creadoras que todo el mundo está viendo ahora mismo.",
  "All performers": "Todas las modelos",
  "No performers yet.": "Todavía no hay modelos.",
  "Latest movies": "Últimas películas",
  "All movies": "Todas las películas",
  "No movies yet.": "Todavía no hay películas.",
  Promotions: "Promociones",
  "Latest galleries": "Últimas galerías",
  "All galleries": "Todas las galerías",
  "No galleries yet.": "Todavía no hay galerías.",

  // catalogue blocks: banners, grids, sections, coming soon, gallery card
  Explore: "Explorar",
  Featured: "Destacados",
  "Show banner {{n}} of {{total}}": "Mostrar el banner {{n}} de {{total}}",
  slide: "diapositiva",
  "{{n}} of {{total}}: {{title}}": "{{n}} de {{total}}: {{title}}",
  "Play banner rotation": "Reanudar la rotación de banners",
  "Pause banner rotation": "Pausar la rotación de banners",
  "Nothing here yet.": "Todavía no hay nada aquí.",
  "See all": "Ver todo",
  "Coming soon": "Próximamente",
  "Announced movies and the day they premiere.": "Películas anunciadas y el día de su estreno.",
  "{{photos}} photos_one": "{{photos}} foto",
  "{{photos}} photos_many": "{{photos}} fotos",
  "{{photos}} photos_other": "{{photos}} fotos",

  // shared: coming soon page, confirm dialog, new password
  "Confirm password": "Confirma la contraseña",

  // a page that is not found or failed (components/browse/DetailError.tsx)
  "Performer not found": "Modelo no encontrada",
  "This performer could not be loaded": "No se pudo cargar esta modelo",
  "This performer does not exist or is no longer available.": "Esta modelo no existe o ya no está disponible.",
  "Movie not found": "Película no encontrada",
  "This movie could not be loaded": "No se pudo cargar esta película",
  "This movie does not exist or is no longer available.": "Esta película no existe o ya no está disponible.",
  "This gallery could not be loaded": "No se pudo cargar esta galería",
  "This gallery does not exist or is no longer available.": "Esta galería no existe o ya no está disponible.",
  "Product not found": "Producto no encontrado",
  "This product could not be loaded": "No se pudo cargar este producto",
  "This product does not exist or is no longer available.": "Este producto no existe o ya no está disponible.",
  "Post not found": "Publicación no encontrada",
  "This post could not be loaded": "No se pudo cargar esta publicación",
  "This post does not exist or is no longer available.": "Esta publicación no existe o ya no está disponible.",
  "Something went wrong on our side. Please try again in a moment.":
    "Algo salió mal por nuestra parte. Vuelve a intentarlo en un momento.",

  // not found
  "The page you are looking for does not exist.": "La página que buscas no existe.",
  "The page you are looking for doesn't exist or has moved.": "La página que buscas no existe o se ha movido.",
  "Contact us": "Contáctanos",

  // age check
  "You have left the site": "Has salido del sitio",
  "This site is only for adults. You can close this tab.":
    "Este sitio es solo para adultos. Puedes cerrar esta pestaña.",
  "Adults only": "Solo para adultos",
  "This site is for adults only. Confirm you are 18 or older to enter.":
    "Este sitio es solo para adultos. Confirma que tienes 18 años o más para entrar.",
  "{{siteName}} contains sexually explicit material. You may enter only if you are 18 or older and of legal age to view such material where you live.":
    "{{siteName}} contiene material sexualmente explícito. Solo puedes entrar si tienes 18 años o más y la edad legal para ver este material donde vives.",
  "I am 18 or older — Enter": "Tengo 18 años o más — Entrar",
  "I am under 18 — Exit": "Soy menor de 18 años — Salir",
  "Your answer is remembered in this browser for a year.":
    "Tu respuesta se recordará en este navegador durante un año.",

  // posts
  "The posts could not be loaded. Please try again in a moment.":
    "No se pudieron cargar las publicaciones. Vuelve a intentarlo en un momento.",
  "News and stories from the site and its performers.": "Noticias e historias del sitio y de sus modelos.",
  "Nothing has been posted yet.": "Todavía no se ha publicado nada.",
  "Newer posts": "Publicaciones más recientes",
  "Older posts": "Publicaciones anteriores",
  "This is a template: edit it before you open your site": "Esto es una plantilla: edítala antes de abrir tu sitio",
  "An administrator fills in the words in [brackets] and makes it the site's own in Admin → Posts.":
    "Un administrador completa las palabras entre [corchetes] y la adapta al sitio en Administración → Publicaciones.",
  "All posts": "Todas las publicaciones",

  // contact
  "Questions, feedback or a problem with your account? Send us a message.":
    "¿Preguntas, comentarios o algún problema con tu cuenta? Envíanos un mensaje.",
  "Message must be at least 10 characters": "El mensaje debe tener al menos 10 caracteres",
  "Thanks! We'll get back to you soon.": "¡Gracias! Te responderemos pronto.",
  "Message not sent": "No se envió el mensaje",
  "Get in touch": "Ponte en contacto",
  "Questions about your membership, a payment, or something that doesn't look right? Send us a message and the team will reply by email.":
    "¿Preguntas sobre tu membresía, un pago o algo que no parece estar bien? Envíanos un mensaje y el equipo te responderá por correo electrónico.",
  "Send another message": "Enviar otro mensaje",
  Subject: "Asunto",
  Message: "Mensaje",

  // captcha
  "Please confirm you are not a robot.": "Confirma que no eres un robot.",
  "The captcha could not be loaded. Check your connection and reload the page.":
    "No se pudo cargar el captcha. Revisa tu conexión y vuelve a cargar la página.",

  // layouts: the sign-up pitch, a blocked country, maintenance; the API client's messages
  "Your front-row seat to the creators you love.": "Tu asiento en primera fila con los creadores que te encantan.",
  "Join {{siteName}} to follow performers, watch movies and keep your favourites in one place.":
    "Únete a {{siteName}} para seguir a modelos, ver películas y tener tus favoritos en un solo lugar.",
  "We've sorry. Website content is not available on your country.":
    "Lo sentimos. El contenido del sitio web no está disponible en tu país.",
  "Not available in your region": "No disponible en tu región",
  "Under construction": "En construcción",
  "We'll be right back": "Volvemos enseguida",
  "{{siteName}} is down for scheduled maintenance. Please check back soon.":
    "{{siteName}} está en mantenimiento programado. Vuelve a visitarnos pronto.",
  "Administrator login": "Acceso de administración",
  "Maintenance mode": "Modo de mantenimiento",
  "Maintenance mode is on: visitors and members see the maintenance page.":
    "El modo de mantenimiento está activado: los visitantes y los miembros ven la página de mantenimiento.",
  "Turn it off in the settings": "Desactívalo en los ajustes",
  Required: "Obligatorio",
  "Please Login!": "¡Inicia sesión!",
  "Cannot reach the server, please try again": "No se puede conectar con el servidor, inténtalo de nuevo",
  "The server took too long to answer, please try again":
    "El servidor tardó demasiado en responder, inténtalo de nuevo",
  "No answer, please try again.": "Sin respuesta, inténtalo de nuevo.",
  "Something went wrong, please try again.": "Algo salió mal, inténtalo de nuevo.",
  "Upload failed, please try again.": "La subida falló, inténtalo de nuevo.",
  "The site is taking too long to answer. Please try again in a moment.":
    "El sitio está tardando demasiado en responder. Inténtalo de nuevo en un momento.",
  "The site is temporarily unavailable. Please try again in a moment.":
    "El sitio no está disponible temporalmente. Inténtalo de nuevo en un momento.",
  "Request failed ({{status}})": "La solicitud falló ({{status}})",
  "Not a valid address: {{path}}": "No es una dirección válida: {{path}}",
};
