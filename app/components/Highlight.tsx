/** Marks every case-insensitive occurrence of the keyword, in the highlight colour (spec §9). */
export function Highlight({ text, keyword }: { text: string; keyword?: string }) {
  const needle = keyword?.trim();
  if (!needle) return <>{text}</>;
  const parts: Array<{ text: string; hit: boolean }> = [];
  const lower = text.toLowerCase();
  const target = needle.toLowerCase();
  let at = 0;
  for (let found = lower.indexOf(target); found !== -1; found = lower.indexOf(target, at)) {
    if (found > at) parts.push({ text: text.slice(at, found), hit: false });
    parts.push({ text: text.slice(found, found + target.length), hit: true });
    at = found + target.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), hit: false });
  return (
    <>
      {parts.map((part, i) =>
        part.hit ? (
          <mark key={i} className="ui-mark">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
