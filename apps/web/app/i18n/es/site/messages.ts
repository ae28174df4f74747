import type { Messages } from "../../messages.ts";

/** Spanish for messages: the inbox, a conversation and the header's link (see ../site.ts). */
export const siteMessages: Messages = {
  // the header and the inbox
  Messages: "Mensajes",
  "Messages, {{n}} unread": "Mensajes, {{n}} sin leer",
  "Your conversations with performers and members.": "Tus conversaciones con modelos y miembros.",
  "Could not load your messages.": "No se pudieron cargar tus mensajes.",
  "{{name}}, {{n}} unread": "{{name}}, {{n}} sin leer",
  "No messages yet. Write to a performer from their profile.":
    "Todavía no tienes mensajes. Escribe a un modelo desde su perfil.",
  // a conversation
  "Messages with {{name}}": "Mensajes con {{name}}",
  "A conversation in your messages.": "Una conversación de tus mensajes.",
  "Could not load this conversation.": "No se pudo cargar esta conversación.",
  "All messages": "Todos los mensajes",
  "Block {{name}}?": "¿Bloquear a {{name}}?",
  "Neither of you can write in this conversation until you unblock them.":
    "Ninguno de los dos podrá escribir en esta conversación hasta que lo desbloquees.",
  "Older messages": "Mensajes anteriores",
  "No messages yet. Say hello to {{name}}.": "Todavía no hay mensajes. Saluda a {{name}}.",
  "You blocked {{name}}. Neither of you can write here until you unblock them.":
    "Has bloqueado a {{name}}. Ninguno de los dos podrá escribir aquí hasta que lo desbloquees.",
  "You cannot write in this conversation.": "No puedes escribir en esta conversación.",
  "Write a message": "Escribe un mensaje",
  "Enter sends, Shift+Enter starts a new line.": "Intro envía; Mayús+Intro empieza una línea nueva.",
  "{{n}} of {{max}} characters": "{{n}} de {{max}} caracteres",
  "Removed by a moderator: {{reason}}": "Eliminado por un moderador: {{reason}}",
  "Sent for {{price}}": "Enviado por {{price}}",
  "Bought for {{price}}": "Comprado por {{price}}",
  "Paid message: {{price}}": "Mensaje de pago: {{price}}",
  Seen: "Visto",
  // a performer's attachments
  "Attach photos or videos": "Adjuntar fotos o vídeos",
  "Attach from your vault": "Adjuntar desde tu almacén",
  "Leave it empty to send them free; with a price they open once the member pays.":
    "Déjalo vacío para enviarlos gratis; con un precio se abren cuando el miembro paga.",
  Attach: "Adjuntar",
  "{{n}} attached, free": "{{n}} adjuntos, gratis",
  "{{n}} attached, for {{price}}": "{{n}} adjuntos, por {{price}}",
  "Remove the attachments": "Quitar los adjuntos",
};
