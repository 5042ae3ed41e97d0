import { useEffect, useRef, useState } from 'react';
import { call } from '../../lib/http/api-client.ts';
import type { Route } from '../../lib/http/route.ts';

/** A route that takes no input: a status to poll. */
type StatusRoute<Answer> = Route<{ answer: Answer; params?: never; query?: never; body?: never }>;

/**
 * The latest answer of `route`, read again after `nextPollMs(answer)` ms (short while work runs, long when idle);
 * undefined until the first answer. A failed read keeps the last answer and tries again on the same schedule. The
 * setter shows an answer got otherwise (the POST that started the work).
 */
export function usePolled<Answer>(route: StatusRoute<Answer>, nextPollMs: (answer: Answer | null) => number): [Answer | undefined, (answer: Answer) => void] {
  const [answer, setAnswer] = useState<Answer | undefined>(undefined);
  const delayOf = useRef(nextPollMs);
  useEffect(() => {
    delayOf.current = nextPollMs;
  });
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const next = await call(route).catch(() => null);
      if (stopped) return;
      if (next) setAnswer(next);
      timer = setTimeout(poll, delayOf.current(next));
    };
    void poll();
    return () => { stopped = true; clearTimeout(timer); };
  }, [route]);
  return [answer, setAnswer];
}
