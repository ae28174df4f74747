import type { Messages } from "../../messages.ts";

/** Spanish for the public site: the store, the cart, payments, memberships and tips (see ../site.ts). */
export const siteCommerce: Messages = {
  // store: a product's page
  "A download from {{seller}}.": "Una descarga de {{seller}}.",
  "Shipped to your door from {{seller}}.": "Enviado a tu puerta por {{seller}}.",
  "A download.": "Una descarga.",
  "Shipped to your door.": "Enviado a tu puerta.",
  Pictures: "Imágenes",
  "Picture {{n}} of {{total}}": "Imagen {{n}} de {{total}}",
  "You bought this download.": "Compraste esta descarga.",
  Download: "Descargar",
  "In your cart": "En tu carrito",
  "Go to cart": "Ir al carrito",
  "Sold out": "Agotado",
  "“{{title}}” is in your cart.": "«{{title}}» está en tu carrito.",
  Quantity: "Cantidad",
  "Add to cart": "Añadir al carrito",
  "Sold by <link>{{seller}}</link>": "Vendido por <link>{{seller}}</link>",
  Owned: "Comprado",
  "{{stock}} in stock": "{{stock}} disponibles",
  "More from {{name}}": "Más de {{name}}",
  "Browse the store": "Ver la tienda",

  // store page
  "Merchandise shipped to your door and downloads, straight from the performers.":
    "Artículos enviados a tu puerta y descargas, directamente de las modelos.",
  "Search the store": "Buscar en la tienda",
  "Kind of product": "Tipo de producto",
  "All products": "Todos los productos",

  // store: loading and downloads
  "Could not load the store": "No se pudo cargar la tienda",
  "Load more products": "Cargar más productos",
  "Could not download “{{title}}”": "No se pudo descargar “{{title}}”",

  // store: sorting and kinds of product
  "Price: high to low": "Precio: de mayor a menor",
  "Most viewed": "Más vistos",
  "Shipped to you": "Con envío a domicilio",
  Downloads: "Descargas",

  // cart
  Cart: "Carrito",
  "Your shopping cart.": "Tu carrito de compras.",
  "No longer for sale. Remove it to check out.": "Ya no está a la venta. Quítalo para finalizar la compra.",
  "Sold out. Remove it to check out.": "Agotado. Quítalo para finalizar la compra.",
  "Not that many left: choose fewer.": "No quedan tantos: elige menos.",
  "A product no longer for sale": "Un producto que ya no está a la venta",
  "Remove {{title}}": "Quitar {{title}}",
  "Remove this product": "Quitar este producto",
  "Price changed from {{price}}": "Antes costaba {{price}}",
  "Quantity of {{title}}": "Cantidad de {{title}}",
  "Could not check out": "No se pudo finalizar la compra",
  "Could not check the products in your cart": "No se pudieron comprobar los productos de tu carrito",
  "Loading your cart…": "Cargando tu carrito…",
  "Your cart is empty": "Tu carrito está vacío",
  "Merchandise and downloads from the performers are in the store.":
    "Los artículos y las descargas de las modelos están en la tienda.",
  "Address deleted.": "Dirección eliminada.",
  "Could not delete the address": "No se pudo eliminar la dirección",
  "Your cart": "Tu carrito",
  "Empty the cart": "Vaciar el carrito",
  "Could not check the products again": "No se pudieron volver a comprobar los productos",
  "Products in your cart": "Productos en tu carrito",
  "Order summary": "Resumen del pedido",
  Subtotal: "Subtotal",
  "Coupon {{code}} (−{{percent}}%)": "Cupón {{code}} (−{{percent}} %)",
  "Remove the coupon": "Quitar el cupón",
  "Check out": "Finalizar compra",
  "Remove or change the lines marked in red to check out.":
    "Quita o cambia las líneas marcadas en rojo para finalizar la compra.",
  "Log in to check out": "Inicia sesión para finalizar la compra",

  // the cart store's messages
  "{{title}} is no longer for sale and was taken out of your cart.":
    "{{title}} ya no está a la venta y se quitó de tu carrito.",
  "{{title}} is sold out and was taken out of your cart.": "{{title}} está agotado y se quitó de tu carrito.",
  "You already own {{title}}: it was taken out of your cart.": "Ya tienes {{title}}: se quitó de tu carrito.",
  "{{title}} did not fit: a cart holds 50 products.": "{{title}} no cabía: un carrito admite 50 productos.",
  "A product": "Un producto",
  "Your cart now holds {{quantity}} of “{{title}}”, as many as can be bought.":
    "Tu carrito ahora tiene {{quantity}} de “{{title}}”, todos los que se pueden comprar.",
  "Your cart could not be saved to your account": "No se pudo guardar tu carrito en tu cuenta",
  "Your cart has changed": "Tu carrito ha cambiado",

  // checkout: the shipping address
  "Where should we ship it?": "¿A dónde lo enviamos?",
  "Ship to": "Enviar a",
  "Delete the address {{address}}": "Eliminar la dirección {{address}}",
  "A new address": "Una dirección nueva",
  "Recipient's name": "Nombre del destinatario",
  "Address line 1": "Dirección, línea 1",
  "Address line 2 (optional)": "Dirección, línea 2 (opcional)",
  "Town or city": "Localidad o ciudad",
  "State, province or region": "Estado, provincia o región",
  "Postal code": "Código postal",
  "Phone number": "Número de teléfono",
  "Save this address for next time": "Guardar esta dirección para la próxima vez",

  // checkout: where the order ships
  "We'll ship your order to {{to}}.": "Enviaremos tu pedido a {{to}}.",
  "We'll ship your order to the address below.": "Enviaremos tu pedido a la dirección de abajo.",

  // payments: coupons, checkout, refunds, back links
  "Coupon {{code}} ({{off}}% off): {{price}} instead of {{original}}":
    "Cupón {{code}} ({{off}} % de descuento): {{price}} en lugar de {{original}}",
  "Back to the site": "Volver al sitio",
  "Back to your cart": "Volver a tu carrito",
  "Back to {{title}}": "Volver a {{title}}",
  "Coupon code": "Código de cupón",
  Apply: "Aplicar",
  "I have a coupon": "Tengo un cupón",
  "Refund this payment?": "¿Reembolsar este pago?",
  "{{buyer}} gets {{amount}} back for “{{what}}”, loses access to it, and its performers' earnings are reversed.":
    "{{buyer}} recibe {{amount}} de vuelta por «{{what}}», pierde el acceso y se revierten las ganancias de sus modelos.",
  "The member gets {{amount}} back for “{{what}}”, loses access to it, and its performers' earnings are reversed.":
    "El miembro recibe {{amount}} de vuelta por «{{what}}», pierde el acceso y se revierten las ganancias de sus modelos.",
  Refund: "Reembolsar",
  "Refunded {{amount}} for “{{what}}”.": "Se reembolsaron {{amount}} por «{{what}}».",
  "Could not refund": "No se pudo reembolsar",

  // payment pages: cancelled, the sandbox gateway, the result
  "Payment cancelled": "Pago cancelado",
  "You left the payment page: nothing was charged.": "Saliste de la página de pago: no se cobró nada.",
  "You left the payment page for {{title}}. Nothing was charged; the order is dropped after a day if you do not come back to it.":
    "Saliste de la página de pago de {{title}}. No se cobró nada; el pedido se descarta al cabo de un día si no vuelves a él.",
  "You left the payment page. Nothing was charged; the order is dropped after a day if you do not come back to it.":
    "Saliste de la página de pago. No se cobró nada; el pedido se descarta al cabo de un día si no vuelves a él.",
  "You are not logged in any more: log in to see your orders and try again.":
    "Ya no tienes la sesión iniciada: inicia sesión para ver tus pedidos y vuelve a intentarlo.",
  "Sandbox payment": "Pago de prueba",
  "The demo payment gateway: approve or decline the payment.":
    "La pasarela de pago de demostración: aprueba o rechaza el pago.",
  "Choose approve or decline.": "Elige aprobar o rechazar.",
  "Waiting for your decision.": "Esperando tu decisión.",
  "Paid. It is yours.": "Pagado. Ya es tuyo.",
  "Declined: nothing was charged.": "Rechazado: no se cobró nada.",
  "This payment expired: nothing was charged.": "Este pago caducó: no se cobró nada.",
  "Refunded.": "Reembolsado.",
  "This site takes payments through its demo gateway: no card, no money moves. Approve to complete the purchase, or decline to see what a failed payment does.":
    "Este sitio cobra los pagos con su pasarela de demostración: sin tarjeta y sin mover dinero. Aprueba para completar la compra o rechaza para ver qué hace un pago fallido.",
  "Approve payment": "Aprobar el pago",
  Decline: "Rechazar",
  "the item": "el artículo",
  Payment: "Pago",
  "Where your payment stands: confirmed, or still on its way from the gateway.":
    "En qué punto está tu pago: confirmado o aún en camino desde la pasarela.",
  "See your order": "Ver tu pedido",
  "Watch now": "Ver ahora",
  "See it now": "Verlo ahora",
  "See your membership": "Ver tu membresía",
  "Payment received": "Pago recibido",
  "{{what}}: {{amount}} {{currency}}. It is yours now.": "{{what}}: {{amount}} {{currency}}. Ya es tuyo.",
  "Confirming your payment": "Confirmando tu pago",
  "Waiting for the payment service to confirm {{what}}. This page updates by itself.":
    "Esperando a que el servicio de pago confirme {{what}}. Esta página se actualiza sola.",
  "The payment did not go through": "El pago no se completó",
  "This payment was refunded.": "Este pago se reembolsó.",
  "Nothing was charged. You can try again whenever you like.":
    "No se cobró nada. Puedes volver a intentarlo cuando quieras.",

  // membership packages (lib/memberships.ts)
  "a year": "un año",
  year: "año",
  "a month": "un mes",
  month: "mes",
  "a week": "una semana",
  week: "semana",
  "a day": "un día",
  day: "día",
  "{{n}} years_one": "{{n}} año",
  "{{n}} years_many": "{{n}} años",
  "{{n}} years_other": "{{n}} años",
  "{{n}} months_one": "{{n}} mes",
  "{{n}} months_many": "{{n}} meses",
  "{{n}} months_other": "{{n}} meses",
  "{{n}} weeks_one": "{{n}} semana",
  "{{n}} weeks_many": "{{n}} semanas",
  "{{n}} weeks_other": "{{n}} semanas",
  "{{n}} days_one": "{{n}} día",
  "{{n}} days_many": "{{n}} días",
  "{{n}} days_other": "{{n}} días",
  "Free for {{period}}, once": "Gratis durante {{period}}, una sola vez",
  "Free for {{period}}": "Gratis durante {{period}}",
  "For {{period}}, paid once": "Durante {{period}}, con un solo pago",
  "For {{period}}": "Durante {{period}}",
  "Every {{unit}}, until you cancel": "Cada {{unit}}, hasta que canceles",
  "{{period}}, then every {{unit}} until you cancel": "{{period}}, luego cada {{unit}} hasta que canceles",
  "/ week": "/ semana",
  "/ {{n}} days": "/ {{n}} días",

  // membership page
  "Join the site: every members movie and gallery, with the packages and their prices.":
    "Únete al sitio: todas las películas y galerías para miembros, con los paquetes y sus precios.",
  "Start the free trial": "Empezar la prueba gratis",
  "Join for {{price}}": "Únete por {{price}}",
  "Log in to join": "Inicia sesión para unirte",
  "Become a member": "Hazte miembro",
  "A membership opens every members movie and gallery on the site. To follow one performer only, subscribe on their profile instead.":
    "Una membresía abre todas las películas y galerías para miembros del sitio. Para seguir solo a una modelo, suscríbete desde su perfil.",
  "You are a member ({{package}})": "Eres miembro ({{package}})",
  "You are a member": "Eres miembro",
  "It renews on {{date}}.": "Se renueva el {{date}}.",
  "Your access lasts until {{date}}.": "Tu acceso dura hasta el {{date}}.",
  "Members movies": "Películas para miembros",
  "Manage in your account": "Gestionar en tu cuenta",
  "No membership packages are on offer right now.": "Ahora mismo no hay paquetes de membresía a la venta.",

  // tips
  Tip: "Propina",
  "Tip {{name}}": "Dar propina a {{name}}",
  "Log in to tip {{name}}": "Inicia sesión para dar propina a {{name}}",
  "Choose an amount between {{min}} and {{max}}.": "Elige un importe entre {{min}} y {{max}}.",
  Amounts: "Importes",
  "From {{min}} to {{max}}.": "De {{min}} a {{max}}.",
  "Message (optional)": "Mensaje (opcional)",
  "{{name}} sees it with your tip. {{n}} of {{max}} characters.":
    "{{name}} lo verá con tu propina. {{n}} de {{max}} caracteres.",
  "Tip {{amount}}": "Dar {{amount}} de propina",
  "Tip goal": "Meta de propinas",
  "{{progress}} of {{target}} ({{percent}}%)": "{{progress}} de {{target}} ({{percent}} %)",

  // taxes (issue 24 section 5)
  "Billing country": "País de facturación",
  Region: "Región",
  "Choose your region": "Elige tu región",
  "Elsewhere in {{country}}": "En otro lugar de {{country}}",
  "{{gross}} to pay, including {{tax}} {{name}} ({{rate}}%)":
    "{{gross}} a pagar, con {{tax}} de {{name}} ({{rate}} %) incluidos",
  "Price {{net}} + {{name}} {{rate}}% {{tax}} = {{gross}} to pay":
    "Precio {{net}} + {{name}} {{rate}} % {{tax}} = {{gross}} a pagar",
  "No tax for {{country}}: {{gross}} to pay": "Sin impuestos para {{country}}: {{gross}} a pagar",
  "View the receipt": "Ver el recibo",
  "Prices include the tax of your billing country.": "Los precios incluyen los impuestos de tu país de facturación.",
  "The tax of your billing country is added on the payment page.":
    "Los impuestos de tu país de facturación se suman en la página de pago.",
  "The tax of your billing country is shown once you choose it.":
    "Los impuestos de tu país de facturación se muestran en cuanto lo eliges.",

  // Promotions (issue 24 section 3)
  "An offer on a subscription: what it charges now and what renews.":
    "Una oferta de suscripción: lo que se cobra ahora y lo que se renueva.",
  "A subscription to": "Una suscripción a",
  "A site membership: {{name}}": "Una membresía del sitio: {{name}}",
  "The offer ends on {{date}}.": "La oferta termina el {{date}}.",
  "Left: {{left}}": "Quedan: {{left}}",
  "One free trial per member.": "Una prueba gratis por miembro.",
  "Regular price: {{price}}.": "Precio normal: {{price}}.",
  "Subscribe for {{price}}": "Suscribirse por {{price}}",
  "Log in to take this offer": "Inicia sesión para aprovechar esta oferta",
  "Charged now: nothing. {{days}} days free.": "Se cobra ahora: nada. {{days}} días gratis.",
  "Charged now: {{price}} for the first {{days}} days.": "Se cobra ahora: {{price}} por los primeros {{days}} días.",
  "Then {{price}} every {{days}} days, charged automatically until you cancel.":
    "Después, {{price}} cada {{days}} días, cobrados automáticamente hasta que canceles.",
  "It does not renew: nothing more is charged when the {{days}} days end.":
    "No se renueva: no se cobra nada más cuando terminen los {{days}} días.",
};
