/**
 * Keeps the API key out of everything the service says. Service text is untrusted: a broken or hostile
 * service may quote the key it was sent, and whatever the client hands on ends up in storage, pages,
 * notifications and logs. So the client passes every piece of service text through one of these before
 * it leaves, while it still knows the key.
 */

/** What replaces the key wherever a service quotes it. */
export const REDACTED = '••••';

export interface KeyRedactor {
  /**
   * The text with every occurrence of the key, in any letter case, replaced by REDACTED; a key hidden
   * behind percent-encoding is redacted in the decoded text.
   */
  redact(text: string): string;
  /** Whether the text quotes the key, as is or percent-encoded (the way it would sit in a URL). */
  contains(text: string): boolean;
}

export function keyRedactor(apiKey: string): KeyRedactor {
  // The client sends the trimmed key, so that is what an echo quotes; the untrimmed one contains it.
  const key = apiKey.trim();
  if (key === '') return { redact: (text) => text, contains: () => false };
  const pattern = new RegExp(key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
  const quotes = (text: string): boolean => {
    pattern.lastIndex = 0;
    return pattern.test(text);
  };
  const replace = (text: string): string => text.replace(pattern, REDACTED);
  return {
    redact(text) {
      const plain = replace(text);
      const decoded = percentDecoded(plain);
      return quotes(decoded) ? replace(decoded) : plain;
    },
    contains: (text) => quotes(text) || quotes(percentDecoded(text)),
  };
}

function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A malformed escape: decode what can be decoded, so one bad sequence cannot hide the rest.
    return text.replace(/(%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/**
 * Redacts, in place, every string of a freshly parsed JSON answer that quotes the key, and returns the
 * top-level fields where a quoted key cannot be redacted away: for an identifier (a job id, a file URL)
 * a redacted value would name something else, so those answers must be refused instead.
 * Iterative, because a hostile answer may nest deeper than the call stack.
 */
export function redactJson(
  value: unknown,
  redactor: KeyRedactor,
  identifiers: ReadonlySet<string>,
): { value: unknown; keyIn: string[] } {
  const keyIn = new Set<string>();
  const root = { value };
  const pending: Array<{ holder: Record<string, unknown>; field: string; top: string | undefined }> = [
    { holder: root, field: 'value', top: undefined },
  ];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const { holder, field, top } = item;
    const current = holder[field];
    if (typeof current === 'string') {
      if (!redactor.contains(current)) continue;
      if (top !== undefined && identifiers.has(top)) keyIn.add(top);
      else holder[field] = redactor.redact(current);
    } else if (typeof current === 'object' && current !== null) {
      const container = current as Record<string, unknown>;
      for (const name of Object.keys(container)) {
        pending.push({ holder: container, field: name, top: top ?? (holder === root ? name : undefined) });
      }
    }
  }
  return { value: root.value, keyIn: [...keyIn] };
}
