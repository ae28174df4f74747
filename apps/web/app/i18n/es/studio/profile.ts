import type { Messages } from "../../messages.ts";

/** Spanish for the studio: the performer's profile, verification, releases and reports (see ../studio.ts). */
export const studioProfile: Messages = {
  // performer profile
  Ethnicity: "Origen étnico",
  "Body type": "Complexión",
  "Hair colour": "Color de pelo",
  "Eye colour": "Color de ojos",
  Height: "Estatura",
  "Sexual orientation": "Orientación sexual",
  "The yearly price is more than 12 monthly prices ({{twelve}}): fans would pay less month by month.":
    "El precio anual supera 12 precios mensuales ({{twelve}}): los fans pagarían menos mes a mes.",
  "The performer profile of {{name}} is saved.": "Se guardó el perfil de modelo de {{name}}.",
  "Could not save the profile": "No se pudo guardar el perfil",
  "About you": "Sobre ti",
  Languages: "Idiomas",
  "The languages spoken in the movies.": "Los idiomas que se hablan en las películas.",
  "No language found": "No se encontró ningún idioma",
  "Help visitors find the performer in the directory.":
    "Ayuda a los visitantes a encontrar al modelo en el directorio.",
  "Not shown": "No se muestra",
  "Subscription prices": "Precios de suscripción",
  "What fans pay to subscribe. Leave a price empty to not offer that period.":
    "Lo que pagan los fans por suscribirse. Deja un precio vacío para no ofrecer ese periodo.",
  "Monthly price": "Precio mensual",
  "Yearly price": "Precio anual",
  "Save profile": "Guardar el perfil",

  // performer profile screen
  "Performer profile": "Perfil de modelo",
  "Your cover": "Tu portada",
  "The wide image at the top of your profile. A landscape photo of at least 1600 × 400 pixels looks best.":
    "La imagen ancha de la parte superior de tu perfil. Queda mejor una foto horizontal de al menos 1600 × 400 píxeles.",
  "Replace cover": "Reemplazar la portada",
  "Upload cover": "Subir portada",
  "Your cover has been updated.": "Se actualizó tu portada.",
  "No performer profile yet": "Todavía no hay perfil de modelo",
  "Your account has no performer profile. Edit performers' profiles under Admin → Performers.":
    "Tu cuenta no tiene perfil de modelo. Edita los perfiles de los modelos en Administración → Modelos.",
  "Your performer profile has not been set up. Please contact the site's team.":
    "Tu perfil de modelo no está configurado. Ponte en contacto con el equipo del sitio.",
  "Open performers": "Abrir modelos",
  "Your name, bio, avatar and country come from your account.":
    "Tu nombre, tu biografía, tu avatar y tu país vienen de tu cuenta.",
  "Edit account": "Editar la cuenta",
  "View public profile": "Ver el perfil público",

  // verification
  "Not verified": "Sin verificar",
  "Pending review": "Pendiente de revisión",
  Verified: "Verificado",
  Expired: "Caducado",
  "Performers verify their identity once before they can publish or be paid.":
    "Los modelos verifican su identidad una vez antes de poder publicar o cobrar.",
  "Your application is waiting for review. You will get a notification and a mail when it is decided.":
    "Tu solicitud está pendiente de revisión. Recibirás una notificación y un correo cuando se decida.",
  "You are verified until {{date}}.": "Estás verificado hasta el {{date}}.",
  "You are verified.": "Estás verificado.",
  "Your application was refused. You can apply again with new documents.":
    "Tu solicitud fue rechazada. Puedes volver a solicitarlo con documentos nuevos.",
  "The site's team asked you to verify your identity again. Until then you cannot publish or be paid.":
    "El equipo del sitio te pidió que vuelvas a verificar tu identidad. Hasta entonces no puedes publicar ni cobrar.",
  "Your verification has expired. Apply again to publish and be paid.":
    "Tu verificación caducó. Vuelve a solicitarla para publicar y cobrar.",
  "ID document, front": "Documento de identidad, anverso",
  "Passport, identity card or driving licence.": "Pasaporte, documento nacional de identidad o permiso de conducir.",
  "ID document, back": "Documento de identidad, reverso",
  "The back of the same document (for a passport, the photo page again).":
    "El reverso del mismo documento (en un pasaporte, otra vez la página de la foto).",
  "Selfie holding the document": "Selfi sosteniendo el documento",
  "Your face and the document's photo side, both readable.":
    "Tu cara y el lado de la foto del documento, ambos legibles.",
  "Enter their full legal name": "Introduce su nombre legal completo",
  "Enter your full legal name": "Introduce tu nombre legal completo",
  "Enter their date of birth": "Introduce su fecha de nacimiento",
  "Enter your date of birth": "Introduce tu fecha de nacimiento",
  "They must be at least {{age}} years old": "Debe tener al menos {{age}} años",
  "You must be at least {{age}} years old": "Debes tener al menos {{age}} años",
  "Choose their country": "Elige su país",
  "Choose your country": "Elige tu país",
  "Upload this image": "Sube esta imagen",
  "Verified performer": "Modelo verificado",
  "Release on record": "Autorización registrada",
  "Needs a release": "Necesita una autorización",
  "Identity verification": "Verificación de identidad",
  "Reason given": "Motivo indicado",
  "Last application sent {{sent}}, reviewed {{reviewed}}.":
    "Última solicitud enviada el {{sent}}, revisada el {{reviewed}}.",
  "Last application sent {{sent}}.": "Última solicitud enviada el {{sent}}.",
  "The application for {{name}} is waiting for review.": "La solicitud de {{name}} está pendiente de revisión.",
  "Your application was sent for review.": "Tu solicitud se envió para su revisión.",
  "Could not send the application": "No se pudo enviar la solicitud",
  "File the application for {{name}}": "Presentar la solicitud de {{name}}",
  "Apply to be a verified performer": "Solicita ser un modelo verificado",
  "Their legal name, date of birth and documents, as on their ID. The application waits in the review queue like any other, and another decision approves it.":
    "Su nombre legal, fecha de nacimiento y documentos, tal como figuran en su identificación. La solicitud espera en la cola de revisión como cualquier otra, y otra decisión la aprueba.",
  "Your legal name, date of birth and documents are seen only by the site's administrators, to check your identity and age; they are never shown on the site. Your stage name and profile stay as they are.":
    "Tu nombre legal, tu fecha de nacimiento y tus documentos solo los ven los administradores del sitio, para comprobar tu identidad y tu edad; nunca se muestran en el sitio. Tu nombre artístico y tu perfil no cambian.",
  "Full legal name": "Nombre legal completo",
  "Date of birth": "Fecha de nacimiento",
  Country: "País",
  "Sending… {{progress}}%": "Enviando… {{progress}} %",
  "File application": "Presentar la solicitud",
  "Send application": "Enviar la solicitud",
  "Could not load your verification.": "No se pudo cargar tu verificación.",

  // people and releases
  "The release is on record.": "La autorización quedó registrada.",
  "Could not save the release": "No se pudo guardar la autorización",
  "Add a release": "Añadir una autorización",
  Who: "Quién",
  "{{name}} (performer, not verified)": "{{name}} (modelo, sin verificar)",
  "Someone without an account here": "Alguien sin cuenta en este sitio",
  "Name shown in the studio": "Nombre que se muestra en el estudio",
  "A stage name or first name; the legal name stays private.":
    "Un nombre artístico o de pila; el nombre legal sigue siendo privado.",
  Consent: "Consentimiento",
  "Sign here": "Firmar aquí",
  "Upload a signed PDF": "Subir un PDF firmado",
  "I consent to appearing in this item, to its publication on this site and to its download by the site's members and buyers, and I confirm I was at least 18 years old when it was made.":
    "Doy mi consentimiento para aparecer en este contenido, para su publicación en este sitio y para su descarga por los miembros y compradores del sitio, y confirmo que tenía al menos 18 años cuando se realizó.",
  "Type the full legal name to sign": "Escribe el nombre legal completo para firmar",
  "I agree to this consent and release": "Acepto este consentimiento y esta autorización",
  "Signed consent and release (PDF)": "Consentimiento y autorización firmados (PDF)",
  "Save release": "Guardar la autorización",
  "Could not remove the release": "No se pudo quitar la autorización",
  "Loading the people in this item": "Cargando las personas de este contenido",
  "Everyone who appears in it. Someone who is not a verified performer needs a release.":
    "Todas las personas que aparecen. Quien no sea un modelo verificado necesita una autorización.",
  "Publishing waits for": "La publicación está a la espera de",
  "Release: signed PDF · {{date}}": "Autorización: PDF firmado · {{date}}",
  "Release: signed here by {{name}} · {{date}}": "Autorización: firmada aquí por {{name}} · {{date}}",
  "Remove the release of {{name}}": "Quitar la autorización de {{name}}",

  // studio reports
  "Your counter-notice is sent to the site's team.": "Tu contranotificación se envió al equipo del sitio.",
  movie: "película",
  gallery: "galería",
  product: "producto",
  post: "publicación",
  profile: "perfil",
  "The material: your {{noun}} “{{title}}”, removed from {{link}}.":
    "El material: tu {{noun}} «{{title}}», retirado de {{link}}.",
  "The material: your {{noun}} “{{title}}”, removed from the site.":
    "El material: tu {{noun}} «{{title}}», retirado del sitio.",
  "Why it should not have been removed": "Por qué no debería haberse retirado",
  "Your full legal name": "Tu nombre legal completo",
  "Postal address": "Dirección postal",
  Phone: "Teléfono",
  "I swear, under penalty of perjury, that I have a good-faith belief the material was removed as a result of mistake or misidentification.":
    "Juro, bajo pena de perjurio, que creo de buena fe que el material se retiró por error o por una identificación equivocada.",
  "I consent to the jurisdiction of the Federal District Court for my address (or, outside the US, any judicial district where the site may be found).":
    "Acepto la jurisdicción del Tribunal Federal de Distrito correspondiente a mi dirección (o, fuera de EE. UU., de cualquier distrito judicial en el que se encuentre el sitio).",
  "I will accept service of process from the person who sent the notice, or their agent.":
    "Aceptaré la notificación de actos procesales de la persona que envió el aviso o de su representante.",
  Signature: "Firma",
  "Type your full name as above.": "Escribe tu nombre completo como arriba.",
  "Send counter-notice": "Enviar la contranotificación",
  "Your answer is sent to the site's team.": "Tu respuesta se envió al equipo del sitio.",
  "Your answer": "Tu respuesta",
  "Send answer": "Enviar la respuesta",
  "Nothing to answer. The site's team will ask here if a report needs you.":
    "No hay nada que responder. El equipo del sitio te preguntará aquí si una denuncia te necesita.",
  "I appear in this without my consent": "Aparezco en esto sin mi consentimiento",
  "A person may be under 18": "Una persona podría ser menor de 18 años",
  "Copyright infringement (DMCA notice)": "Infracción de derechos de autor (aviso DMCA)",
  "Illegal content": "Contenido ilegal",
  "Something else": "Otro motivo",
  Open: "Abrir",
  "Waiting for the performer": "Esperando al modelo",
  Resolved: "Resuelta",
  Dismissed: "Desestimada",
  "Your {{noun}}: <item/> · reported {{date}}": "Tu {{noun}}: <item/> · denunciado el {{date}}",
  "It is hidden from the site while the report is reviewed.": "Está oculto en el sitio mientras se revisa la denuncia.",
  "DMCA notice from {{name}} about: {{work}}": "Aviso DMCA de {{name}} sobre: {{work}}",
  "Decision: {{resolution}}": "Decisión: {{resolution}}",
  "The site's team asks:": "El equipo del sitio pregunta:",
  "You answered:": "Respondiste:",
  "Counter-notice sent {{date}}.": "Contranotificación enviada el {{date}}.",
  "Send a counter-notice": "Enviar una contranotificación",
  "DMCA counter-notice": "Contranotificación DMCA",
};
