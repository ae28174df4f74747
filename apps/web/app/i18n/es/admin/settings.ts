import type { Messages } from "../../messages.ts";

/** Spanish for the admin: site settings, countries, the system and the audit trail (see ../admin.ts). */
export const adminSettings: Messages = {
  // site settings (admin.settings, setting-specs, SettingFields, MenuEditor, ImageSettingField)
  "Site settings": "Ajustes del sitio",
  "Branding, menus, maintenance mode, payments and sign-up rules.":
    "Marca, menús, modo de mantenimiento, pagos y reglas de registro.",
  "Could not load the settings.": "No se pudieron cargar los ajustes.",
  "Could not check the payment gateway.": "No se pudo comprobar la pasarela de pago.",
  "the sandbox": "el entorno de pruebas",
  none: "ninguna",
  "The API would not start with these settings": "La API no arrancaría con estos ajustes",
  "Running now: {{gateway}}. Fix the settings below before restarting the API.":
    "En uso ahora: {{gateway}}. Corrige los ajustes de abajo antes de reiniciar la API.",
  "Running now: {{gateway}}.": "En uso ahora: {{gateway}}.",
  "Gateway changes saved here take effect when the API restarts.":
    "Los cambios de la pasarela guardados aquí se aplican cuando se reinicia la API.",
  "After a restart of the API: {{gateway}}.": "Tras reiniciar la API: {{gateway}}.",
  "Settings not saved": "No se guardaron los ajustes",
  "Some settings were not saved": "Algunos ajustes no se guardaron",
  "Settings saved. Restart the API to apply the gateway settings.":
    "Ajustes guardados. Reinicia la API para aplicar los ajustes de la pasarela.",
  "Settings saved": "Ajustes guardados",
  "Unsaved changes": "Cambios sin guardar",
  Discard: "Descartar",
  "Save {{group}} settings": "Guardar ajustes: {{group}}",
  "Could not load the settings": "No se pudieron cargar los ajustes",
  "Change how the site looks and behaves. Each section saves on its own.":
    "Cambia el aspecto y el comportamiento del sitio. Cada sección se guarda por separado.",
  General: "General",
  "Branding, footer, navigation menus and site availability.":
    "Marca, pie de página, menús de navegación y disponibilidad del sitio.",
  "Age gate and verification": "Control de edad y verificación",
  "Who must confirm they are 18 or older before the site shows them anything (the legal pages stay open to everyone, search engines included), and how long a performer's identity verification lasts.":
    "Quién debe confirmar que tiene 18 años o más antes de que el sitio le muestre nada (las páginas legales siguen abiertas a todos, buscadores incluidos) y cuánto dura la verificación de identidad de una modelo.",
  Payment: "Pago",
  "The currency prices are shown in, and the payment gateway with its account's keys. A variable set in the API's environment wins over the setting here. Gateway settings are read when the API starts: restart the API to apply a change.":
    "La moneda en que se muestran los precios y la pasarela de pago con las claves de su cuenta. Una variable definida en el entorno de la API prevalece sobre el ajuste de aquí. Los ajustes de la pasarela se leen al arrancar la API: reiníciala para aplicar un cambio.",
  "Sign-up and security": "Registro y seguridad",
  "Rules for new accounts and bot protection.": "Reglas para las cuentas nuevas y protección contra bots.",
  "Where messages from the contact form go.": "Adónde van los mensajes del formulario de contacto.",
  "How sales are shared with performers.": "Cómo se reparten las ventas con las modelos.",
  "Content review": "Revisión de contenido",
  "Whether what performers publish (movies, galleries, store products, and new media of one that is out) waits in the review queue until an admin approves it. What admins publish goes out at once.":
    "Si lo que publican las modelos (películas, galerías, productos de la tienda y los archivos nuevos de algo ya publicado) espera en la cola de revisión hasta que un administrador lo apruebe. Lo que publican los administradores sale de inmediato.",
  "Site name": "Nombre del sitio",
  "Shown in the header and in page titles.": "Se muestra en el encabezado y en los títulos de las páginas.",
  Logo: "Logo",
  "Shown beside the site name in the header and footer. A square picture reads best; SVG is drawn to a 512 px picture.":
    "Se muestra junto al nombre del sitio en el encabezado y el pie de página. Una imagen cuadrada se ve mejor; un SVG se convierte en una imagen de 512 px.",
  Favicon: "Favicon",
  "The icon of the site's browser tabs and bookmarks, stored as a 192 px square PNG. ICO files are not taken.":
    "El icono de las pestañas y marcadores del navegador, guardado como PNG cuadrado de 192 px. No se aceptan archivos ICO.",
  "Login page image": "Imagen de la página de inicio de sesión",
  "Fills the left half of the log-in and sign-up pages on large screens.":
    "Ocupa la mitad izquierda de las páginas de inicio de sesión y registro en pantallas grandes.",
  "Banner autoplay speed": "Velocidad de los banners",
  "Milliseconds between banner slides (1,000 to 60,000).":
    "Milisegundos entre diapositivas del banner (de 1.000 a 60.000).",
  "Footer content": "Contenido del pie de página",
  "Text shown at the bottom of every page.": "Texto que se muestra al pie de cada página.",
  Menus: "Menús",
  "The header's extra links and the footer's links, each shown in its order.":
    "Los enlaces adicionales del encabezado y los enlaces del pie de página, cada uno en su orden.",
  "Maintenance mode": "Modo de mantenimiento",
  "Visitors see the maintenance page; administrators can still use the site.":
    "Los visitantes ven la página de mantenimiento; los administradores pueden seguir usando el sitio.",
  "Age gate": "Control de edad",
  "Passing it is remembered in the visitor's browser for a year.":
    "Una vez superado, el navegador del visitante lo recuerda durante un año.",
  'Everyone: "I am 18 or older"': "Todos: «Tengo 18 años o más»",
  "Only visitors from the countries below": "Solo visitantes de los países de abajo",
  "Countries that require it": "Países que lo exigen",
  "Two-letter codes such as GB or US, placed by the visitor's address. Used when the age gate is set to the listed countries.":
    "Códigos de dos letras como GB o US, según la dirección del visitante. Se usan cuando el control de edad se aplica a los países de la lista.",
  "Currency code": "Código de moneda",
  "Three letters, such as USD or EUR.": "Tres letras, como USD o EUR.",
  "Currency symbol": "Símbolo de moneda",
  "Shown next to prices, such as $.": "Se muestra junto a los precios, como $.",
  "Payment gateway": "Pasarela de pago",
  "Not set: the sandbox, where buyers approve their own payments (a production site must name one).":
    "Sin definir: el entorno de pruebas, donde los compradores aprueban sus propios pagos (un sitio en producción debe elegir una).",
  "Store checkout hold": "Reserva durante el pago en la tienda",
  "Minutes a store checkout holds the physical stock while its payment is pending (1 to 240).":
    "Minutos que un pago de la tienda reserva el stock físico mientras está pendiente (de 1 a 240).",
  "Items one checkout may hold": "Artículos que puede reservar un pago",
  "The most physical items one buyer's pending store checkout may hold (1 to 1,000).":
    "El máximo de artículos físicos que puede reservar el pago pendiente de un comprador (de 1 a 1.000).",
  "Require email verification": "Exigir verificación del correo electrónico",
  "New members must confirm their email address before they can log in.":
    "Los miembros nuevos deben confirmar su correo electrónico antes de poder iniciar sesión.",
  "reCAPTCHA site key": "Clave de sitio de reCAPTCHA",
  "Leave empty to turn reCAPTCHA off.": "Déjala vacía para desactivar reCAPTCHA.",
  "Contact email": "Correo electrónico de contacto",
  "Messages from the contact form are sent here.": "Los mensajes del formulario de contacto se envían aquí.",
  "Performer commission": "Comisión de las modelos",
  "The share of each sale the site keeps, in percent; a performer's own rate (Performers) wins.":
    "La parte de cada venta que se queda el sitio, en porcentaje; prevalece la tarifa propia de una modelo (Modelos).",
  "Review before publication": "Revisión antes de publicar",
  "Card networks ask for review of content before it is published.":
    "Las redes de tarjetas exigen revisar el contenido antes de publicarlo.",
  "Everything performers publish": "Todo lo que publican las modelos",
  "Each performer's first items only": "Solo los primeros elementos de cada modelo",
  "Nothing (performers publish directly)": "Nada (las modelos publican directamente)",
  "Items reviewed per performer": "Elementos revisados por modelo",
  "With “first items only”: how many approved items a performer needs before theirs go out directly.":
    "Con «solo los primeros elementos»: cuántos elementos aprobados necesita una modelo antes de publicar directamente.",
  "Verification valid for (months)": "Validez de la verificación (meses)",
  "How long a performer's approved identity verification lasts before they must apply again; 0: it does not expire.":
    "Cuánto dura la verificación de identidad aprobada de una modelo antes de que deba solicitarla de nuevo; 0: no caduca.",
  "Sandbox (test payments only)": "Entorno de pruebas (solo pagos de prueba)",
  "Set by {{env}} in the API's environment, which wins over this setting.":
    "Definido por {{env}} en el entorno de la API, que prevalece sobre este ajuste.",
  "cleared on save": "se borra al guardar",
  set: "definida",
  "not set": "sin definir",
  "Stored: type to replace it": "Guardada: escribe para reemplazarla",
  "Not set": "Sin definir",
  "Clear {{label}}": "Borrar {{label}}",
  "From {{env}}": "Desde {{env}}",
  "Not set (sandbox)": "Sin definir (entorno de pruebas)",
  "Type a code, then Enter": "Escribe un código y pulsa Intro",
  "Where buyers pay.": "Donde pagan los compradores.",
  "Used when the gateway is Stripe.": "Se usa cuando la pasarela es Stripe.",
  "Used when the gateway is CCBill.": "Se usa cuando la pasarela es CCBill.",
  "Header menu": "Menú del encabezado",
  "Header link {{n}}": "Enlace del encabezado {{n}}",
  "Links shown in the header (and the phone menu) after the site's own sections: Home, Performers, Movies, Galleries, Photos, Store and Membership.":
    "Enlaces que se muestran en el encabezado (y en el menú del móvil) después de las secciones propias del sitio: Inicio, Modelos, Películas, Galerías, Fotos, Tienda y Membresía.",
  "No header links: the header shows the site's own sections only.":
    "No hay enlaces en el encabezado: solo muestra las secciones propias del sitio.",
  "Footer links": "Enlaces del pie de página",
  "Footer link {{n}}": "Enlace del pie de página {{n}}",
  "The links at the bottom of every page, in this order. The legal pages' links and the 2257 statement stay under them whatever is here.":
    "Los enlaces al pie de cada página, en este orden. Los enlaces de las páginas legales y la declaración 2257 quedan debajo, haya lo que haya aquí.",
  "No footer links: the footer shows only the legal pages' links.":
    "No hay enlaces en el pie de página: solo muestra los enlaces de las páginas legales.",
  "{{name}} title": "{{name}}: título",
  Path: "Ruta",
  "{{name}} path": "{{name}}: ruta",
  "/page or https://…": "/pagina o https://…",
  "Open in new tab": "Abrir en una pestaña nueva",
  "{{name}}: open in new tab": "{{name}}: abrir en una pestaña nueva",
  "Move up": "Subir",
  "Move {{name}} up": "Subir {{name}}",
  "Move down": "Bajar",
  "Move {{name}} down": "Bajar {{name}}",
  "Remove {{name}}": "Quitar {{name}}",
  "Add a header link": "Añadir un enlace al encabezado",
  "Add a footer link": "Añadir un enlace al pie de página",
  "{{label}} upload": "Subida: {{label}}",
  "Current {{label}}": "{{label}} actual",
  "Or its address": "O su dirección",
  "A path on this site or an https address. Empty: the default picture.":
    "Una ruta de este sitio o una dirección https. Vacío: la imagen predeterminada.",
  "Replace image": "Reemplazar imagen",
  "Upload image": "Subir imagen",
  "Image uploaded.": "Imagen subida.",

  // countries
  "Country blocking": "Bloqueo por país",
  "Block visitors from chosen countries.": "Bloquea a los visitantes de los países que elijas.",
  "Could not load the country list": "No se pudo cargar la lista de países",
  "{{name}} is now blocked.": "{{name}} está bloqueado.",
  "Could not block the country": "No se pudo bloquear el país",
  "{{name}} is no longer blocked.": "{{name}} ya no está bloqueado.",
  "Could not unblock the country": "No se pudo desbloquear el país",
  "Block a country": "Bloquear un país",
  "Visitors from a blocked country see a notice instead of the site.":
    "Los visitantes de un país bloqueado ven un aviso en lugar del sitio.",
  "Country to block": "País que bloquear",
  "Search countries": "Buscar países",
  "Loading countries…": "Cargando países…",
  "No country found": "No se encontró ningún país",
  Block: "Bloquear",
  "You appear to be browsing from this country. Blocking it will hide the site from you too.":
    "Parece que navegas desde este país. Si lo bloqueas, el sitio también dejará de estar disponible para ti.",
  "Blocked countries": "Países bloqueados",
  "{{n}} blocked_one": "{{n}} bloqueado",
  "{{n}} blocked_many": "{{n}} bloqueados",
  "{{n}} blocked_other": "{{n}} bloqueados",
  "No country is blocked. The site is open everywhere.":
    "No hay ningún país bloqueado. El sitio está abierto en todas partes.",
  Country: "País",
  Code: "Código",
  "Blocked since": "Bloqueado desde",
  "Unblock {{name}}": "Desbloquear {{name}}",
  Unblock: "Desbloquear",
  "Choose the countries the site is not available in.": "Elige los países en los que el sitio no está disponible.",

  // system
  "The media workers, the job queues and their failures.": "Los procesos de medios, las colas de tareas y sus fallos.",
  "{{n}} s ago": "hace {{n}} s",
  "{{n}} min ago": "hace {{n}} min",
  "{{n}} s": "{{n}} s",
  "{{n}} min": "{{n}} min",
  "Movie transcodes": "Transcodificaciones de películas",
  "Teaser cuts": "Cortes de avances",
  "Movies handed to workers": "Películas entregadas a los procesos",
  "Transcode results": "Resultados de transcodificación",
  Alive: "Activo",
  Stopped: "Detenido",
  "Not seen": "Sin señales",
  "On {{queue}} of {{subject}}, for {{time}}": "En {{queue}} de {{subject}}, desde hace {{time}}",
  "On {{queue}}, for {{time}}": "En {{queue}}, desde hace {{time}}",
  "Idle, waiting for work": "Inactivo, esperando trabajo",
  "No job": "Sin tarea",
  "Last seen {{ago}} · {{done}} done · {{failed}} failed · started {{started}}":
    "Visto por última vez: {{ago}} · {{done}} hechas · {{failed}} fallidas · iniciado el {{started}}",
  "No job has been queued yet.": "Aún no se ha puesto ninguna tarea en cola.",
  Queues: "Colas",
  Queue: "Cola",
  Waiting: "En espera",
  Running: "En curso",
  "Failed in the last 24 hours": "Fallidas en las últimas 24 horas",
  "Failed jobs": "Fallidas",
  " · media workers": " · procesos de medios",
  "No job failed in the last 7 days.": "Ninguna tarea falló en los últimos 7 días.",
  "The job will run again.": "La tarea se volverá a ejecutar.",
  "Could not run the job again": "No se pudo volver a ejecutar la tarea",
  "{{date}} · {{n}} attempts_one": "{{date}} · {{n}} intento",
  "{{date}} · {{n}} attempts_many": "{{date}} · {{n}} intentos",
  "{{date}} · {{n}} attempts_other": "{{date}} · {{n}} intentos",
  "Run again": "Volver a ejecutar",
  "Media workers": "Procesos de medios",
  "{{n}} alive_one": "{{n}} activo",
  "{{n}} alive_many": "{{n}} activos",
  "{{n}} alive_other": "{{n}} activos",
  "Transcodes and teasers run only in media workers. A worker unseen for three heartbeats ({{seconds}} s) is counted as gone.":
    "Las transcodificaciones y los avances se ejecutan solo en los procesos de medios. Un proceso sin señales durante tres latidos ({{seconds}} s) se da por desaparecido.",
  "Transcodes and teasers run in the API processes too (MEDIA_JOBS=inline). A worker unseen for three heartbeats ({{seconds}} s) is counted as gone.":
    "Las transcodificaciones y los avances también se ejecutan en los procesos de la API (MEDIA_JOBS=inline). Un proceso sin señales durante tres latidos ({{seconds}} s) se da por desaparecido.",
  "No media worker was seen in the last hour: start one with npm run worker.":
    "No se ha visto ningún proceso de medios en la última hora: inicia uno con npm run worker.",
  "Started when media is waiting": "Se inicia cuando hay medios en espera",
  "On the embedded database the API starts its media worker when media is waiting, and the worker stops after {{time}} without any.":
    "Con la base de datos integrada, la API inicia su proceso de medios cuando hay medios en espera, y el proceso se detiene tras {{time}} sin ninguno.",
  "The media worker has not run in the last hour: no media was waiting.":
    "El proceso de medios no se ha ejecutado en la última hora: no había medios en espera.",
  "Jobs waiting and running now, and those that failed in the last 24 hours.":
    "Tareas en espera y en curso ahora, y las que fallaron en las últimas 24 horas.",
  "Recent failures": "Fallos recientes",
  "The media workers, the job queues and what failed.": "Los procesos de medios, las colas de tareas y lo que falló.",

  // audit trail
  "Every administrator action: who did what, when, from which address, and what it changed.":
    "Cada acción de administración: quién hizo qué, cuándo, desde qué dirección y qué cambió.",
  "No field changed.": "No cambió ningún campo.",
  Field: "Campo",
  Before: "Antes",
  After: "Después",
  "The site (a job)": "El sitio (una tarea)",
  "By {{who}}": "Por {{who}}",
  "from {{ip}}": "desde {{ip}}",
  "Export CSV": "Exportar CSV",
  "Filter the audit trail": "Filtrar el registro de auditoría",
  Who: "Quién",
  Username: "Nombre de usuario",
  Action: "Acción",
  "settings.update, or settings": "settings.update o settings",
  "Audit subject": "Objeto",
  "setting, user, video…": "setting, user, video…",
  "Subject id": "Id. del objeto",
  "An id or key": "Un id. o una clave",
  From: "Desde",
  To: "Hasta",
  Filter: "Filtrar",
  "Clear filters": "Borrar los filtros",
  "Nothing matches these filters.": "Nada coincide con estos filtros.",
  "No actions recorded yet.": "Aún no hay acciones registradas.",
  Newest: "Más recientes",
  "Older entries": "Entradas anteriores",
};
