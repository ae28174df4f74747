import type { Messages } from "../../messages.ts";

/** Spanish for the public site: logging in, signing up and the account emails (see ../site.ts). */
export const siteAuth: Messages = {
  // login
  "Enter your username or email": "Escribe tu nombre de usuario o tu correo electrónico",
  "Enter your password": "Introduce tu contraseña",
  "Login failed": "No se pudo iniciar sesión",
  "Welcome back": "Hola de nuevo",
  "Log in to continue to your account.": "Inicia sesión para entrar en tu cuenta.",
  "Username or email": "Nombre de usuario o correo electrónico",
  Password: "Contraseña",
  "Your password": "Tu contraseña",
  "Remember me": "Recordarme",
  "Forgot password?": "¿Olvidaste tu contraseña?",
  "New here?": "¿Eres nuevo aquí?",
  "Create an account": "Crear una cuenta",
  "Didn't get the verification email?": "¿No te llegó el correo de verificación?",
  "Send it again": "Enviarlo de nuevo",
  "Please log in": "Inicia sesión",
  "Your session has ended. Log in again to continue.":
    "Tu sesión ha terminado. Vuelve a iniciar sesión para continuar.",
  "Please log in to continue.": "Inicia sesión para continuar.",

  // login: two-factor step
  "Enter one of your recovery codes": "Escribe uno de tus códigos de recuperación",
  "Enter the 6-digit code": "Escribe el código de 6 dígitos",
  "That code is not correct.": "Ese código no es correcto.",
  "Two-factor sign-in": "Verificación en dos pasos",
  "Enter one of the recovery codes you saved when you turned two-factor sign-in on. Each works once.":
    "Escribe uno de los códigos de recuperación que guardaste al activar la verificación en dos pasos. Cada uno sirve una sola vez.",
  "Enter the 6-digit code your authenticator app shows for this account.":
    "Escribe el código de 6 dígitos que muestra tu app de autenticación para esta cuenta.",
  "Recovery code": "Código de recuperación",
  "Authentication code": "Código de autenticación",
  "Trust this browser for 30 days": "Confiar en este navegador durante 30 días",
  "Verify and log in": "Verificar e iniciar sesión",
  "Use a code from the app instead": "Usar un código de la app",
  "Use a recovery code instead": "Usar un código de recuperación",
  "Start again with another account": "Empezar de nuevo con otra cuenta",

  // login action
  "Enter your username or email and password": "Escribe tu nombre de usuario o correo electrónico y tu contraseña",
  "This account uses two-factor sign-in: log in again once the page has finished loading.":
    "Esta cuenta usa la verificación en dos pasos: vuelve a iniciar sesión cuando la página termine de cargar.",

  // login page
  "Log in to your account to watch, follow performers and manage your profile.":
    "Inicia sesión en tu cuenta para ver contenido, seguir a modelos y gestionar tu perfil.",
  "Your email address is verified. Log in to continue.":
    "Tu dirección de correo electrónico está verificada. Inicia sesión para continuar.",
  "Could not load performers.": "No se pudieron cargar las modelos.",

  // login: what the API says of wrong credentials
  "Incorrect credentials!": "¡Credenciales incorrectas!",

  // sign up
  "Create a free account to follow performers, comment and build your collection.":
    "Crea una cuenta gratis para seguir a modelos, comentar y armar tu colección.",
  "Name is required": "El nombre es obligatorio",
  "Your account has been created.": "Tu cuenta se ha creado.",
  "Could not sign up": "No se pudo completar el registro",
  "Check your inbox": "Revisa tu bandeja de entrada",
  "Go to login": "Ir a iniciar sesión",
  "Create your account": "Crea tu cuenta",
  "It only takes a minute.": "Solo toma un minuto.",
  Name: "Nombre",
  Username: "Nombre de usuario",
  "Letters, digits, dots and underscores": "Letras, dígitos, puntos y guiones bajos",
  Email: "Correo electrónico",
  "At least 8 characters": "Al menos 8 caracteres",
  "Already have an account?": "¿Ya tienes una cuenta?",

  // form checks shared with the API (lib/form-i18n.ts, lib/passwords.ts)
  "Username must be at least 3 characters": "El nombre de usuario debe tener al menos 3 caracteres",
  "Username must be at most 30 characters": "El nombre de usuario debe tener como máximo 30 caracteres",
  "Username may contain letters, digits, dots and underscores":
    "El nombre de usuario puede contener letras, dígitos, puntos y guiones bajos",
  "Enter a valid email address": "Escribe una dirección de correo electrónico válida",
  "Password must be at least 8 characters": "La contraseña debe tener al menos 8 caracteres",
  "Password must be at most 128 characters": "La contraseña debe tener como máximo 128 caracteres",
  "Passwords do not match": "Las contraseñas no coinciden",

  // reset password
  "Reset password": "Restablecer la contraseña",
  "Choose a new password for your account.": "Elige una contraseña nueva para tu cuenta.",
  "Your password has been changed.": "Tu contraseña se ha cambiado.",
  "This reset link is invalid or has expired.": "Este enlace de restablecimiento no es válido o ha caducado.",
  "Choose a new password": "Elige una contraseña nueva",
  "Pick something you haven't used here before.": "Elige una que no hayas usado antes aquí.",
  "This reset link is incomplete. Ask for a new one from the forgot password page.":
    "Este enlace de restablecimiento está incompleto. Pide uno nuevo desde la página de contraseña olvidada.",
  "New password": "Contraseña nueva",
  "Change password": "Cambiar la contraseña",
  "Request a new link": "Pedir un enlace nuevo",

  // forgot password
  "Forgot password": "Contraseña olvidada",
  "Get a link to choose a new password for your account.":
    "Recibe un enlace para elegir una nueva contraseña para tu cuenta.",
  "Forgot your password?": "¿Olvidaste tu contraseña?",
  "Enter the email of your account and we'll send you a link to reset it.":
    "Escribe el correo electrónico de tu cuenta y te enviaremos un enlace para restablecerla.",
  "If an account uses that email, a reset link is on its way.":
    "Si alguna cuenta usa ese correo electrónico, un enlace para restablecer la contraseña va en camino.",
  "Please try again.": "Inténtalo de nuevo.",

  // emailed links: verify email, confirm new email, resend verification
  "Verify email": "Verificar el correo electrónico",
  "Confirm the email address of your account.": "Confirma la dirección de correo electrónico de tu cuenta.",
  "This verification link is incomplete.": "Este enlace de verificación está incompleto.",
  "Your email address has been verified.": "Tu dirección de correo electrónico se ha verificado.",
  "This verification link is invalid or has expired.": "Este enlace de verificación no es válido o ha caducado.",
  "Email verified": "Correo electrónico verificado",
  "Verification failed": "La verificación falló",
  "Send a new verification email": "Enviar un nuevo correo de verificación",
  "Confirm new email": "Confirmar el nuevo correo electrónico",
  "Confirm the new email address of your account.": "Confirma la nueva dirección de correo electrónico de tu cuenta.",
  "This confirmation link is incomplete.": "Este enlace de confirmación está incompleto.",
  "Your new email address is confirmed.": "Tu nueva dirección de correo electrónico está confirmada.",
  "This confirmation link is invalid or has expired.": "Este enlace de confirmación no es válido o ha caducado.",
  "New email confirmed": "Nuevo correo electrónico confirmado",
  "Confirmation failed": "La confirmación falló",
  "Go to my account": "Ir a mi cuenta",
  "Resend verification email": "Reenviar el correo de verificación",
  "Get a new link to verify the email address of your account.":
    "Recibe un enlace nuevo para verificar la dirección de correo electrónico de tu cuenta.",
  "Verify your email": "Verifica tu correo electrónico",
  "We'll send a fresh verification link to your inbox.":
    "Te enviaremos un nuevo enlace de verificación a tu bandeja de entrada.",
  "If the address needs verifying, a new link is on its way.":
    "Si la dirección necesita verificarse, ya va de camino un enlace nuevo.",
  Send: "Enviar",
  "Back to login": "Volver a iniciar sesión",
  // a digest mail's unsubscribe link
  Unsubscribe: "Darse de baja",
  "Stop receiving the news digest by email.": "Deja de recibir el resumen de novedades por correo.",
  "This unsubscribe link is incomplete.": "Este enlace para darte de baja está incompleto.",
  "This unsubscribe link is not valid.": "Este enlace para darte de baja no es válido.",
  "You will no longer receive the news digest.": "Ya no recibirás el resumen de novedades.",
  Unsubscribed: "Baja confirmada",
  "Could not unsubscribe": "No se pudo dar de baja",
  "Go to the home page": "Ir a la página de inicio",
  "Unsubscribe from the news digest": "Darse de baja del resumen de novedades",
  "You will get no more mails of what is new. You can choose again in your account settings.":
    "No recibirás más correos con las novedades. Puedes volver a elegir en los ajustes de tu cuenta.",
};
