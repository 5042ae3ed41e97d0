import { useEffect, useRef, useState } from 'react';
import { api } from './api.ts';

/**
 * The latest answer of GET `url`, read again after `nextPollMs(answer)` ms (short while work runs, long when idle);
 * undefined until the first answer. A failed read keeps the last answer and tries again on the same schedule. The
 * setter shows an answer got otherwise (the POST that started the work).
 */
export function usePolled<Answer>(url: string, nextPollMs: (answer: Answer | null) => number): [Answer | undefined, (answer: Answer) => void] {
  const [answer, setAnswer] = useState<Answer | undefined>(undefined);
  const delayOf = useRef(nextPollMs);
  useEffect(() => {
    delayOf.current = nextPollMs;
  });
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const next = await api<Answer>(url).catch(() => null);
      if (stopped) return;
      if (next) setAnswer(next);
      timer = setTimeout(poll, delayOf.current(next));
    };
    void poll();
    return () => { stopped = true; clearTimeout(timer); };
  }, [url]);
  return [answer, setAnswer];
}
