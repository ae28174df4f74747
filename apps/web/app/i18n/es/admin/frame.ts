import type { Messages } from "../../messages.ts";

/** Spanish for the admin: the frame of every admin screen, the lists, the overview and the dashboard (see ../admin.ts). */
export const adminFrame: Messages = {
  // the frame of every admin and studio screen (SectionPage, AdminPage)
  "403 · Forbidden": "403 · Prohibido",
  "Access denied": "Acceso denegado",
  "Back to home": "Volver al inicio",
  "Open {{section}}": "Abrir {{section}}",
  Overview: "Resumen",
  Settings: "Ajustes",
  Countries: "Países",
  Users: "Usuarios",
  Performers: "Modelos",
  Verifications: "Verificaciones",
  Catalogue: "Catálogo",
  Review: "Revisión",
  Transactions: "Transacciones",
  Orders: "Pedidos",
  Subscriptions: "Suscripciones",
  Packages: "Paquetes",
  Payouts: "Cobros",
  Coupons: "Cupones",
  Categories: "Categorías",
  Posts: "Publicaciones",
  Comments: "Comentarios",
  Reports: "Denuncias",
  Banners: "Banners",
  System: "Sistema",
  "Audit trail": "Registro de auditoría",
  "This area is for administrators.": "Esta área es para administradores.",
  Admin: "Administración",

  // lists (ManageList, LookupSelect)
  "Try again": "Reintentar",
  Edit: "Editar",
  "Edit {{name}}": "Editar {{name}}",
  Delete: "Eliminar",
  "Delete {{name}}": "Eliminar {{name}}",
  Active: "Activo",
  Inactive: "Inactivo",
  "Active: @{{username}}": "Activo: @{{username}}",
  "Searching...": "Buscando...",
  "No match": "Sin resultados",

  // overview
  "Run the site: settings, country blocking, accounts and the catalogue.":
    "Gestiona el sitio: ajustes, bloqueo por país, cuentas y catálogo.",
  "Everything you need to run the site, in one place.":
    "Todo lo que necesitas para gestionar el sitio, en un solo lugar.",
  "Site name, branding, menus, maintenance mode, payments and sign-up rules.":
    "Nombre del sitio, imagen de marca, menús, modo de mantenimiento, pagos y reglas de registro.",
  "Block visitors from chosen countries and lift blocks again.":
    "Bloquea a los visitantes de los países que elijas y levanta los bloqueos.",
  "Find accounts, change roles and activate or deactivate users.":
    "Busca cuentas, cambia roles y activa o desactiva usuarios.",
  "Turn members into performers, edit their profiles and switch them on or off.":
    "Convierte miembros en modelos, edita sus perfiles y actívalos o desactívalos.",
  "Every movie and gallery of every performer: edit them, take them down and restore them.":
    "Todas las películas y galerías de cada modelo: edítalas, retíralas y restáuralas.",
  "Memberships and performer subscriptions: when they end, renewals, and the sandbox's simulations.":
    "Membresías y suscripciones a modelos: cuándo terminan, renovaciones y las simulaciones del entorno de pruebas.",
  "The membership packages members join, their prices and periods.":
    "Los paquetes de membresía a los que se unen los miembros, sus precios y periodos.",
  "Every payment, who paid and for what, its gateway events, and refunds through the gateway.":
    "Cada pago, quién pagó y por qué, los eventos de la pasarela y los reembolsos a través de ella.",
  "Every order: who bought what from whom, moving parcels on, and refunds through the payment.":
    "Cada pedido: quién compró qué y a quién, el avance de los envíos y los reembolsos a través del pago.",
  "What each performer is owed, marking it paid, and the payouts made.":
    "Lo que se le debe a cada modelo, marcarlo como pagado y los cobros realizados.",
  "Discount codes: their value, expiry, uses left, and switching them on or off.":
    "Códigos de descuento: su valor, caducidad, usos restantes y activarlos o desactivarlos.",
  "The categories of performers, movies, galleries and products.":
    "Las categorías de modelos, películas, galerías y productos.",
  "News posts and pages such as the home and contact texts, and the legal pages.":
    "Publicaciones de noticias y páginas como los textos de inicio y contacto, y las páginas legales.",
  "The promotional banners on the home page, by position.":
    "Los banners promocionales de la página de inicio, por posición.",
  "The media workers, what each is doing, the job queues and their recent failures.":
    "Los procesos de medios, lo que hace cada uno, las colas de tareas y sus fallos recientes.",
  "Reports of content, each due 7 business days after filing: take down, dismiss or ask the performer.":
    "Denuncias de contenido, cada una con plazo de 7 días hábiles desde su presentación: retirar, desestimar o consultar al modelo.",
  "Who did what and when: every administrator action with its address and what it changed, as CSV too.":
    "Quién hizo qué y cuándo: cada acción de administración con su dirección y lo que cambió, también en CSV.",

  // the dashboard (admin.tsx, RevenueChart, admin.dashboard.rows.tsx)
  "Accounts created in the period": "Cuentas creadas en el periodo",
  "Accounts created in the period.": "Cuentas creadas en el periodo.",
  "Adding up to {{amount}}": "Suman {{amount}}",
  "By their earning lines of the period: sales less refunds, before and after commission.":
    "Por sus líneas de ganancias del periodo: ventas menos reembolsos, antes y después de la comisión.",
  "Card schemes act on a chargeback ratio near 1%: this dashboard warns from {{threshold}}. Look at who charged back, and refund disputed payments before they become chargebacks.":
    "Las redes de tarjetas actúan con una tasa de contracargos cercana al 1%: este panel avisa desde {{threshold}}. Revisa quién hizo contracargos y reembolsa los pagos en disputa antes de que se conviertan en contracargos.",
  Chargeback: "Contracargo",
  "Chargeback ratio": "Tasa de contracargos",
  "Chargebacks are at {{ratio}} of payments": "Los contracargos son el {{ratio}} de los pagos",
  "Chargebacks made in the period": "Contracargos del periodo",
  Churned: "Bajas",
  "Could not load the dashboard.": "No se pudo cargar el panel.",
  "Could not load the rows.": "No se pudieron cargar las filas.",
  Dashboard: "Panel",
  "Deleted account": "Cuenta eliminada",
  "Every line of revenue in the period": "Todas las líneas de ingresos del periodo",
  "Live memberships and subscriptions at the period's end": "Membresías y suscripciones vigentes al final del periodo",
  Memberships: "Membresías",
  "Memberships and subscriptions ended in the period, of members with none live":
    "Membresías y suscripciones terminadas en el periodo, de miembros sin ninguna vigente",
  "Movies, galleries, products and subscriptions by what was paid for them in the period.":
    "Películas, galerías, productos y suscripciones según lo pagado por ellos en el periodo.",
  New: "Nuevos",
  "No revenue in this period.": "Sin ingresos en este periodo.",
  "No rows behind this figure.": "Ninguna fila detrás de esta cifra.",
  "No sales in this period.": "Sin ventas en este periodo.",
  "Payments made in the period": "Pagos del periodo",
  "Ratios are counts of refunds and chargebacks made in the period over the payments made in it. Card schemes act near 1%; the warning shows from {{threshold}}.":
    "Las tasas son el número de reembolsos y contracargos del periodo sobre los pagos del periodo. Las redes de tarjetas actúan cerca del 1%; el aviso aparece desde {{threshold}}.",
  "Refund ratio": "Tasa de reembolsos",
  "Refunds and chargebacks": "Reembolsos y contracargos",
  "Refunds made in the period": "Reembolsos del periodo",
  Revenue: "Ingresos",
  "Revenue by day": "Ingresos por día",
  "Revenue by month": "Ingresos por mes",
  "Revenue by {{unit}}, {{from}} to {{to}}": "Ingresos por {{unit}}, del {{from}} al {{to}}",
  "Revenue: no data for this period.": "Ingresos: sin datos para este periodo.",
  "Revenue: order lines of the payments made in the period": "Ingresos: líneas de pedido de los pagos del periodo",
  "Rows behind a figure": "Filas detrás de una cifra",
  "Rows behind {{figure}}": "Filas detrás de {{figure}}",
  Sections: "Secciones",
  "See the rows": "Ver las filas",
  Sold: "Vendidos",
  "The item's order lines in the period": "Las líneas de pedido del artículo en el periodo",
  "The ledger rows behind one figure of the dashboard: they add up to it.":
    "Las filas del libro contable detrás de una cifra del panel: suman esa cifra.",
  "The performer's earning lines of the period": "Las líneas de ganancias del modelo en el periodo",
  "This figure's filter is not one the dashboard gives.": "Este filtro no es uno de los que da el panel.",
  "Top items": "Artículos más vendidos",
  "Top performers": "Modelos con más ingresos",
  What: "Qué",
  "What members paid in the period, by the day it was paid (UTC), refunded later or not; refunds and chargebacks are shown below.":
    "Lo que pagaron los miembros en el periodo, por el día del pago (UTC), se reembolsara después o no; los reembolsos y contracargos se muestran abajo.",
  "Whose membership or subscription ended in the period without renewal, with none live now.":
    "Cuya membresía o suscripción terminó en el periodo sin renovarse, sin ninguna vigente ahora.",
  "With a live membership or performer subscription at the period's end (now, this period).":
    "Con una membresía o suscripción a un modelo vigente al final del periodo (ahora, en el periodo en curso).",
  "{{bucket}}: {{amount}}": "{{bucket}}: {{amount}}",
  "{{from}} to {{to}} (UTC, end excluded)": "Del {{from}} al {{to}} (UTC, fin excluido)",
  "{{head}}: no revenue.": "{{head}}: sin ingresos.",
  "{{head}}: {{total}} in total; the most, {{best}}, in {{when}}.":
    "{{head}}: {{total}} en total; lo máximo, {{best}}, en {{when}}.",
  "{{n}} for {{amount}}": "{{n}} por {{amount}}",
  "{{n}} rows_one": "{{n}} fila",
  "{{n}} rows_many": "{{n}} filas",
  "{{n}} rows_other": "{{n}} filas",
  "{{n}} members_one": "{{n}} miembro",
  "{{n}} members_many": "{{n}} miembros",
  "{{n}} members_other": "{{n}} miembros",
  "{{n}} refunds, {{amount}} ({{ratio}} of the amount)_one": "{{n}} reembolso, {{amount}} ({{ratio}} del importe)",
  "{{n}} refunds, {{amount}} ({{ratio}} of the amount)_many": "{{n}} reembolsos, {{amount}} ({{ratio}} del importe)",
  "{{n}} refunds, {{amount}} ({{ratio}} of the amount)_other": "{{n}} reembolsos, {{amount}} ({{ratio}} del importe)",
  "{{n}} chargebacks, {{amount}} ({{ratio}} of the amount)_one":
    "{{n}} contracargo, {{amount}} ({{ratio}} del importe)",
  "{{n}} chargebacks, {{amount}} ({{ratio}} of the amount)_many":
    "{{n}} contracargos, {{amount}} ({{ratio}} del importe)",
  "{{n}} chargebacks, {{amount}} ({{ratio}} of the amount)_other":
    "{{n}} contracargos, {{amount}} ({{ratio}} del importe)",

  // what the loaders say when the API gives no reason (shown through the lists' error)
  "Could not load the banners.": "No se pudieron cargar los banners.",
  "Could not load the catalogue.": "No se pudo cargar el catálogo.",
  "Could not load the categories.": "No se pudieron cargar las categorías.",
  "Could not load the comments.": "No se pudieron cargar los comentarios.",
  "Could not load the blocked countries.": "No se pudieron cargar los países bloqueados.",
  "Could not load the country list.": "No se pudo cargar la lista de países.",
  "Could not load the coupons.": "No se pudieron cargar los cupones.",
  "Could not load the orders.": "No se pudieron cargar los pedidos.",
  "Could not load the packages.": "No se pudieron cargar los paquetes.",
  "Could not load what performers are owed.": "No se pudo cargar lo que se les debe a los modelos.",
  "Could not load the payouts.": "No se pudieron cargar los cobros.",
  "Could not load the performers.": "No se pudieron cargar los modelos.",
  "Could not load the posts.": "No se pudieron cargar las publicaciones.",
  "Could not load the reports.": "No se pudieron cargar las denuncias.",
  "Could not load the review queue.": "No se pudo cargar la cola de revisión.",
  "Could not load its media.": "No se pudo cargar su contenido.",
  "Could not load the releases.": "No se pudieron cargar las autorizaciones.",
  "Could not load the subscriptions.": "No se pudieron cargar las suscripciones.",
  "Could not load the system status.": "No se pudo cargar el estado del sistema.",
  "Could not load the transaction.": "No se pudo cargar la transacción.",
  "Could not load the transactions.": "No se pudieron cargar las transacciones.",
  "Could not load the flagged events.": "No se pudieron cargar los eventos marcados.",
  "Could not load the users.": "No se pudieron cargar los usuarios.",
  "Could not load the applications.": "No se pudieron cargar las solicitudes.",
  "Could not load the audit trail.": "No se pudo cargar el registro de auditoría.",
};
