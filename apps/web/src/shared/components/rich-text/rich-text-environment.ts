import { createContext, use } from 'react';

/** The organisation switches of spec 001 section 5 that shape the editor's toolbar. */
export interface EditorFeatures {
  vocabulary: boolean;
  activityRefer: boolean;
  markdown: { enable: boolean; defaultActive: boolean };
}

/** An activity the activity-reference item can link to. */
export interface ActivityChoice {
  id: number;
  title: string;
  href: string;
}

export interface ActivityChoices {
  loading: boolean;
  activities: ActivityChoice[];
}

/**
 * What the editor needs from the rest of the app. The editor lives in shared/ and may not import a
 * feature, so the app fills this in once (app/rich-text-environment.tsx) with the uploads API, the
 * organisation's switches and the current course's activities.
 */
export interface RichTextEnvironment {
  /** The organisation's editor switches, from the signed-in user's organisation. */
  useFeatures: () => EditorFeatures;
  /**
   * The activities of the course the editor sits in, fetched only while `wanted` is true; null outside a
   * course, where the activity-reference item has nothing to offer.
   */
  useActivityChoices: (wanted: boolean) => ActivityChoices | null;
  /** Sends one picture through the uploads API and returns the address its `<img src>` takes; null if unsupported. */
  uploadImage: ((file: File) => Promise<string>) | null;
}

export const DEFAULT_EDITOR_FEATURES: EditorFeatures = {
  vocabulary: false,
  activityRefer: true,
  markdown: { enable: false, defaultActive: false },
};

/** Outside the app (a component test without the provider): default switches, no course, no uploads. */
const STANDALONE: RichTextEnvironment = {
  useFeatures: () => DEFAULT_EDITOR_FEATURES,
  useActivityChoices: () => null,
  uploadImage: null,
};

export const RichTextEnvironmentContext = createContext<RichTextEnvironment>(STANDALONE);

export function useRichTextEnvironment(): RichTextEnvironment {
  return use(RichTextEnvironmentContext);
}
