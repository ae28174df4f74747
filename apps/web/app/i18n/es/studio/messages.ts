import type { Messages } from "../../messages.ts";

/** Spanish for the studio's messages: mass messages, the welcome message and who may write first (see ../studio.ts). */
export const studioMessages: Messages = {
  Messages: "Mensajes",
  "Mass messages to your fans, the welcome message new subscribers get, and who may write to you.":
    "Mensajes masivos a tus fans, el mensaje de bienvenida que reciben los nuevos suscriptores y quién puede escribirte.",
  "Could not load your mass messages.": "No se pudieron cargar tus mensajes masivos.",
  "Could not load your welcome message.": "No se pudo cargar tu mensaje de bienvenida.",
  "Could not load your message settings.": "No se pudo cargar tu configuración de mensajes.",
  // the message's fields
  "Pick up to {{max}} from your vault, in the order the message shows them.":
    "Elige hasta {{max}} de tu almacén, en el orden en que los muestra el mensaje.",
  "Price (optional)": "Precio (opcional)",
  "Members pay this to open the photos and videos. Leave it empty to send them free.":
    "Los miembros pagan esto para abrir las fotos y los vídeos. Déjalo vacío para enviarlos gratis.",
  "Write something or attach a photo or video.": "Escribe algo o adjunta una foto o un vídeo.",
  "A paid message needs a photo or a video to lock.": "Un mensaje de pago necesita una foto o un vídeo que bloquear.",
  "Leaving out that list leaves nobody to send to.": "Si dejas fuera esa lista, no queda nadie a quien enviarlo.",
  "A mass message of yours is still being sent. Wait until it is done.":
    "Todavía se está enviando un mensaje masivo tuyo. Espera a que termine.",
  "You can send at most 10 mass messages a day.": "Puedes enviar como máximo 10 mensajes masivos al día.",
  // mass messages
  "Mass message": "Mensaje masivo",
  "One message to all your subscribers or followers; each gets it in their own conversation with you.":
    "Un mensaje a todos tus suscriptores o seguidores; cada uno lo recibe en su propia conversación contigo.",
  "Send to": "Enviar a",
  "All subscribers": "Todos los suscriptores",
  "All followers": "Todos los seguidores",
  "Subscribers and followers": "Suscriptores y seguidores",
  "Leave out": "Dejar fuera",
  "Fans on a list ticked here do not get it.": "Los fans de una lista marcada aquí no lo reciben.",
  "Sending started. Its progress shows below.": "El envío ha empezado. Su progreso aparece abajo.",
  "Send mass message": "Enviar mensaje masivo",
  "Sent mass messages": "Mensajes masivos enviados",
  "You have not sent a mass message yet.": "Todavía no has enviado ningún mensaje masivo.",
  Sending: "Enviando",
  "{{n}} photos or videos_one": "{{n}} foto o vídeo",
  "{{n}} photos or videos_many": "{{n}} fotos o vídeos",
  "{{n}} photos or videos_other": "{{n}} fotos o vídeos",
  "Leaving out: {{lists}}": "Dejando fuera: {{lists}}",
  "Delivered to {{n}}": "Entregado a {{n}}",
  "{{n}} purchases_one": "{{n}} compra",
  "{{n}} purchases_many": "{{n}} compras",
  "{{n}} purchases_other": "{{n}} compras",
  // the welcome message
  "Welcome message": "Mensaje de bienvenida",
  "Each new subscriber gets it from you once their subscription is paid.":
    "Cada nuevo suscriptor lo recibe de ti en cuanto paga su suscripción.",
  "Set now": "Activo",
  "No welcome message is set.": "No hay ningún mensaje de bienvenida.",
  "Save welcome message": "Guardar el mensaje de bienvenida",
  "Saved.": "Guardado.",
  "Remove the welcome message?": "¿Quitar el mensaje de bienvenida?",
  "New subscribers no longer get a message from you when they subscribe.":
    "Los nuevos suscriptores ya no recibirán un mensaje tuyo al suscribirse.",
  "The welcome message is removed.": "El mensaje de bienvenida se ha quitado.",
  // who may write first
  "Who may write to you first": "Quién puede escribirte primero",
  Anyone: "Cualquiera",
  "Every member may start a conversation with you.": "Cualquier miembro puede empezar una conversación contigo.",
  "Followers and subscribers": "Seguidores y suscriptores",
  "Members who follow or subscribe to you.": "Los miembros que te siguen o se suscriben a ti.",
  "Subscribers only": "Solo suscriptores",
  "Members who subscribe to you.": "Los miembros suscritos a ti.",
  "Members you have written to may always answer you.":
    "Los miembros a los que has escrito siempre pueden responderte.",
};
