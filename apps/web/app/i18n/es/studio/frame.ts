import type { Messages } from "../../messages.ts";

/** Spanish for the studio: the studio's labels, lists, navigation and overview (see ../studio.ts). */
export const studioFrame: Messages = {
  // labels (lib/studio.ts)
  Free: "Gratis",
  Members: "Miembros",
  "For sale": "En venta",
  Draft: "Borrador",
  Active: "Activo",
  Inactive: "Inactivo",
  "In review": "En revisión",
  Refused: "Rechazado",
  "Taken down": "Retirado",
  "{{state}}: {{reason}}": "{{state}}: {{reason}}",
  Physical: "Físico",
  Digital: "Digital",
  "Digital download": "Descarga",
  "Sold out": "Agotado",
  "{{n}} in stock": "{{n}} en existencias",
  "{{state}}: it is listed once an admin approves it.":
    "{{state}}: aparecerá en la tienda cuando un administrador lo apruebe.",
  "{{state}}: it is not in the store.": "{{state}}: no está en la tienda.",
  "{{status}}: make it active to list it in the store.": "{{status}}: actívalo para que aparezca en la tienda.",
  "Upload its file: a digital product is listed once its file is in.":
    "Sube su archivo: un producto digital aparece en la tienda cuando su archivo está subido.",

  // studio lists
  "New movie": "Nueva película",
  "Search my movies": "Buscar en mis películas",
  Movies: "Películas",
  "No movie matches these filters.": "Ninguna película coincide con estos filtros.",
  "You have no movies yet.": "Todavía no tienes películas.",
  "Create your first movie": "Crea tu primera película",
  "New gallery": "Nueva galería",
  "Search my galleries": "Buscar en mis galerías",
  Galleries: "Galerías",
  "No gallery matches these filters.": "Ninguna galería coincide con estos filtros.",
  "You have no galleries yet.": "Todavía no tienes galerías.",
  "Create your first gallery": "Crea tu primera galería",
  "New product": "Nuevo producto",
  "Search my products": "Buscar en mis productos",
  Products: "Productos",
  "No product matches these filters.": "Ningún producto coincide con estos filtros.",
  "You have no products yet.": "Todavía no tienes productos.",
  "Create your first product": "Crea tu primer producto",
  "Title, description or tag": "Título, descripción o etiqueta",
  "Filter by status": "Filtrar por estado",
  All: "Todas",
  Drafts: "Borradores",
  Details: "Detalles",
  People: "Personas",

  // studio navigation
  Overview: "Resumen",
  Profile: "Perfil",
  Earnings: "Ganancias",
  Subscribers: "Suscriptores",
  Orders: "Pedidos",
  Reports: "Denuncias",
  Verification: "Verificación",
  "The studio is for performers. Ask the site's team if you would like to publish here.":
    "El estudio es para los modelos. Pide al equipo del sitio si quieres publicar aquí.",
  Studio: "Estudio",

  // studio overview
  "Publish movies and galleries and keep your performer profile up to date.":
    "Publica películas y galerías y mantén al día tu perfil de modelo.",
  "Create movies, upload their files, teasers and thumbnails, and follow their processing.":
    "Crea películas, sube sus archivos, avances y miniaturas, y sigue su procesamiento.",
  "Create galleries, upload photos in bulk, order them and pick the cover.":
    "Crea galerías, sube fotos en bloque, ordénalas y elige la portada.",
  "Sell physical goods with a stock, and digital files to download.":
    "Vende productos físicos con existencias y archivos digitales para descargar.",
  "Your cover, attributes, languages and subscription prices.":
    "Tu portada, tus atributos, tus idiomas y tus precios de suscripción.",
  "What your sales earned: totals, and every sale and refund.":
    "Lo que generaron tus ventas: totales, y cada venta y cada reembolso.",
  "Who subscribes to you, and until when.": "Quién está suscrito a ti y hasta cuándo.",
  "What members bought from your store, and the parcels to ship.":
    "Lo que los miembros compraron en tu tienda y los paquetes que debes enviar.",
  "Reports about your work that the site's team asks you about, and DMCA notices to answer.":
    "Denuncias sobre tu trabajo por las que te pregunta el equipo del sitio, y avisos DMCA que debes responder.",
  "Your identity verification: publishing and payouts wait for it.":
    "Tu verificación de identidad: la publicación y los cobros esperan a que se complete.",
  "{{n}} movies_one": "{{n}} película",
  "{{n}} movies_many": "{{n}} películas",
  "{{n}} movies_other": "{{n}} películas",
  "{{n}} galleries_one": "{{n}} galería",
  "{{n}} galleries_many": "{{n}} galerías",
  "{{n}} galleries_other": "{{n}} galerías",
  "{{n}} products_one": "{{n}} producto",
  "{{n}} products_many": "{{n}} productos",
  "{{n}} products_other": "{{n}} productos",
  "Publish your movies and galleries and keep your profile up to date.":
    "Publica tus películas y galerías y mantén tu perfil al día.",
  "Publishing waits for your verification": "La publicación espera a tu verificación",
  "Your items stay drafts and payouts wait until then.":
    "Hasta entonces, tus contenidos siguen como borradores y los cobros esperan.",
  "Open verification": "Abrir la verificación",
  "Become a performer": "Hazte modelo",
  "Verify your identity and age to publish on the site and be paid.":
    "Verifica tu identidad y tu edad para publicar en el sitio y cobrar.",

  // loading errors
  "Could not load your earnings.": "No se pudieron cargar tus ganancias.",
  "Could not load your earning lines.": "No se pudieron cargar tus líneas de ganancias.",
  "Could not load your galleries.": "No se pudieron cargar tus galerías.",
  "Could not load the photos.": "No se pudieron cargar las fotos.",
  "Could not load your products.": "No se pudieron cargar tus productos.",
  "Could not load your performer profile.": "No se pudo cargar tu perfil de modelo.",
  "Could not load the reports.": "No se pudieron cargar las denuncias.",
  "Could not load your subscribers.": "No se pudieron cargar tus suscriptores.",
};
