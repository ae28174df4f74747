/**
 * Answers of a list reused for a short while (the web's page micro-cache, for the API): each query's answer is made
 * once per `ttlMs`, and requests that ask for it while it is being made wait for that one. Bounded: the oldest
 * answer goes first. `clear` forgets every answer, and an answer being made when it is called is not kept.
 */
export function createListCache(ttlMs: number, maxEntries = 200) {
  const answers = new Map<string, { at: number; body: string }>();
  const making = new Map<string, Promise<string>>();
  let generation = 0;
  return {
    get(key: string, make: () => Promise<string>): Promise<string> {
      if (ttlMs <= 0) return make();
      const kept = answers.get(key);
      if (kept && Date.now() - kept.at < ttlMs) return Promise.resolve(kept.body);
      const pending = making.get(key);
      if (pending) return pending;
      const started = generation;
      const at = Date.now();
      const made = make()
        .then((body) => {
          if (generation === started) {
            answers.delete(key);
            if (answers.size >= maxEntries) answers.delete(answers.keys().next().value as string);
            answers.set(key, { at, body });
          }
          return body;
        })
        .finally(() => {
          if (making.get(key) === made) making.delete(key);
        });
      making.set(key, made);
      return made;
    },
    clear() {
      generation++;
      answers.clear();
      making.clear();
    },
  };
}
