// The one-line errors a bad setting stops a start with.
import { StartupError } from "./platform/startup-errors.ts";

/** Values never repeated in a message: they may carry a password or a secret. */
const SECRET_VALUE = /SECRET|PASSWORD|SALT|^(DATABASE|REDIS|SMTP)_URL$/;

/**
 * A bad setting, told in one line: which variable, its value (unless secret), what is wrong, and the remedy, e.g.
 * `API_PORT is "abc" (expected a number). Fix it in the environment, or unset it for the default.`
 */
export class ConfigError extends StartupError {
  constructor(
    env: Record<string, string | undefined>,
    problems: { name: string; message: string }[],
    /** For settings without a default (a gateway's keys): unsetting them is no remedy. */
    opts: { required?: boolean } = {},
  ) {
    const unset = (name: string) => !env[name]?.trim();
    const told = problems.map(({ name, message }) => {
      const raw = env[name];
      const value = unset(name) ? "not set" : SECRET_VALUE.test(name) ? "set" : JSON.stringify(raw?.slice(0, 80));
      const why = message
        .replace(/^Invalid (input|option): /, "")
        .replace(/, received [A-Za-z]+$/, "")
        .replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())
        .replace(/^expected (number|string|boolean)$/, "expected a $1");
      return `${name} is ${value} (${why})`;
    });
    const many = problems.length > 1;
    const remedy = problems.every((p) => unset(p.name))
      ? `Set ${many ? "them" : "it"} in the environment.`
      : opts.required
        ? `Fix ${many ? "them" : "it"} in the environment.`
        : `Fix ${many ? "them" : "it"} in the environment, or unset ${many ? "them for the defaults" : "it for the default"}.`;
    super(`${told.join("; ")}. ${remedy}`);
  }
}
