import { useEffect, useState } from 'react';
import type { ApiClient } from '../../../api/client';
import { reviewApi } from '../../../api/knowledge/review';
import type { ReviewSettings } from '../../../contract/knowledge/review';

/**
 * Whether review mode applies to a record of this type (docs/architecture/review.md "Settings"):
 * on, and either both lists empty (everything) or the type listed for its kind.
 */
export function isUnderReview(settings: ReviewSettings | null | undefined, kind: 'node' | 'relation', type: string | null | undefined): boolean {
  if (!settings?.enabled) return false;
  if (settings.nodeTypes.length === 0 && settings.relationTypes.length === 0) return true;
  const listed = kind === 'node' ? settings.nodeTypes : settings.relationTypes;
  return !!type && listed.includes(type);
}

/** The review settings, read once per form (null until read, or when they cannot be read: no note then). */
export function useReviewSettings(api: ApiClient): ReviewSettings | null {
  const [settings, setSettings] = useState<ReviewSettings | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    reviewApi(api)
      .settings(controller.signal)
      .then(setSettings, () => undefined);
    return () => controller.abort();
  }, [api]);
  return settings;
}
