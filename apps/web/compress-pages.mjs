import { EventEmitter } from "node:events";
import compression from "compression";

/**
 * Rendered pages compressed as they stream (`compression`), with the response's "drain" listeners kept on the
 * response. compression hands them to its compressor but removes them from the response, where they are not, so a
 * writer that waits for "drain" at every full buffer and then stops listening (React Router's, for every page) left
 * one listener on the compressor per wait: a large page logged Node's listener-leak warning.
 */
export function compressPages(options) {
  const compress = compression(options);
  return function compressPage(req, res, next) {
    compress(req, res, (error) => {
      if (!error) keepDrainListeners(res);
      next(error);
    });
  };
}

/** "drain" listeners live on an emitter of the response's own; one listener where compression puts them feeds it. */
function keepDrainListeners(res) {
  const drains = new EventEmitter();
  const { on, removeListener } = res;
  let feeding = false;
  res.on = res.addListener = function addListener(type, listener) {
    if (type !== "drain") return on.call(this, type, listener);
    if (!feeding) {
      feeding = true;
      on.call(this, "drain", () => drains.emit("drain"));
    }
    drains.on("drain", listener);
    return this;
  };
  res.off = res.removeListener = function offListener(type, listener) {
    if (type !== "drain") return removeListener.call(this, type, listener);
    drains.removeListener("drain", listener);
    return this;
  };
}
