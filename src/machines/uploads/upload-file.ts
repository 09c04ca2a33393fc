/** File checks shared by the upload machines (spec §5): by name, as the spec's dialogs do. */
export const hasExtension = (name: string, extensions: readonly string[]) => {
  const lower = name.toLowerCase();
  return extensions.some((ext) => lower.endsWith(ext));
};

/** A progress number for a bar: 0-100, whole. */
export const clampProgress = (value: unknown, fallback: number) => {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  return Math.max(0, Math.min(100, Math.round(n)));
};
