import { useCallback, useEffect, useRef, useState } from 'react';
import { batchLines, batchProblem, MAX_BATCH } from '@/utils/batch/batch-state';
import { hasVariations } from '@/utils/prompts/has-variations';
import type { Settings, VideoOptions } from '@/utils/settings/schema';
import { INITIAL_VIDEO_DRAFT, toDraft, type VideoOptionsDraft } from '@/utils/settings/video-options';
import { type Problem, promptProblem } from '@/utils/validation';

export interface PromptDraft {
  prompt: string;
  onPromptChange: (value: string) => void;
  shownProblem?: Problem;
  video: VideoOptionsDraft;
  onVideoChange: (value: VideoOptionsDraft) => void;
  showVideoProblems: boolean;
  textareaRef: React.RefObject<HTMLTextAreaElement | null>;
  /** *One per line*: the prompt box holds one prompt per line. */
  batch: boolean;
  /** The box stands for several prompts (one per line, or variations `{a|b}`): they go as a batch. */
  many: boolean;
  /** Those prompts, every variation expanded (empty while one prompt is typed, or the parser loads). */
  prompts: string[];
  onBatchChange: (batch: boolean) => void;
  /** What the checks made on sending read and show (draft-checks.ts). */
  checks: DraftChecks;
  /** A Generate click made while the variation parser was loading, to be acted on now that it has come. */
  clickToReplay?: 'image' | 'video';
  /**
   * Replaces what is typed (a selection sent for review, an entry to edit and generate again), with a
   * video's options when given, and puts the caret in the prompt box. Stable across renders. `model`: a
   * library prompt's own model, sent instead of the profile's until the person drops it or fills again.
   */
  fill: (prompt: string, options?: VideoOptions, model?: string) => void;
  /** The model the next requests name instead of the profile's (from a library prompt). */
  model?: string;
  dropModel: () => void;
  /** The model picked from the profile's list, while the list still has it. */
  picked?: string;
  /** Picks a model of the profile's list; undefined: the profile's own model. */
  pick: (id: string | undefined) => void;
  /** What the next requests name: a library prompt's model, else the one picked; none: the profile's. */
  sentModel?: string;
  /** The models ticked to compare, still offered (the profile's own and its list); two or more: Generate compares. */
  compared: readonly string[];
  setCompared: (ids: readonly string[]) => void;
}

/**
 * The draft as the checks made on sending need it (draft-checks.ts, fetched with the first Generate, as no
 * first frame needs them): what is typed, and how to show what is wrong with it.
 */
export interface DraftChecks {
  prompt: string;
  video: VideoOptionsDraft;
  /** The prompts the box stands for, or their problem; undefined while the parser a variation needs loads. */
  expanded: Expanded | undefined;
  textareaRef: React.RefObject<HTMLTextAreaElement | null>;
  showProblem: (problem: Problem | undefined) => void;
  showVideoProblems: (show: boolean) => void;
  /** Keeps a Generate click made while the parser loads, to be acted on once it has come. */
  waitForParser: (kind: 'image' | 'video' | undefined) => void;
}

type Expanded = { prompts: string[] } | { problem: Problem };

/** Problems worth saying while the person types, before any attempt to send. */
const LIVE_PROBLEMS = new Set<Problem['code']>([
  'prompt_too_long',
  'batch_too_many',
  'batch_line_too_long',
  'variations_too_many',
  'variations_too_deep',
]);

type Variations = typeof import('@/utils/prompts/variations');
let variationsLoaded: Variations | undefined;

/** The variation parser, loaded the first time a prompt has a group: most popups never need it. */
function useVariations(needed: boolean): Variations | undefined {
  const [module, setModule] = useState(variationsLoaded);
  useEffect(() => {
    if (!needed || module) return;
    void import('@/utils/prompts/variations').then((loaded) => {
      variationsLoaded = loaded;
      setModule(loaded);
    });
  }, [needed, module]);
  return module;
}

/**
 * The prompts the box stands for when it stands for several: each line with *One per line*, every variation
 * of each, at most a batch (without groups, only *One per line* makes several). Undefined while the parser a
 * variation needs is still loading.
 */
function promptsOf(text: string, lines: boolean, variations: Variations | undefined): Expanded | undefined {
  if (!hasVariations(text)) return { prompts: batchLines(text) };
  if (!variations) return undefined;
  return lines ? variations.expandLines(text, MAX_BATCH) : variations.expandVariations(text, MAX_BATCH);
}

/**
 * The prompt box and video options as typed, with their problems shown as the person would expect. `models`:
 * the active profile's list, which a pick must still be in (a switch of profiles leaves it behind).
 */
export function usePromptDraft(
  settings: Settings | undefined,
  models: readonly { id: string }[] = [],
): PromptDraft {
  const [prompt, setPrompt] = useState('');
  const [shownProblem, setShownProblem] = useState<Problem | undefined>(undefined);
  const [video, setVideo] = useState<VideoOptionsDraft>(INITIAL_VIDEO_DRAFT);
  const videoTouched = useRef(false);
  const [showVideoProblems, setShowVideoProblems] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [batch, setBatch] = useState(false);
  const [model, setModel] = useState<string | undefined>(undefined);
  const [pick, setPick] = useState<string | undefined>(undefined);
  const picked = models.some((listed) => listed.id === pick) ? pick : undefined;
  const sentModel = model ?? picked;
  const [ticked, setCompared] = useState<readonly string[]>([]);
  const offered = [settings?.modelId ?? '', ...models.map((listed) => listed.id)];
  const compared = ticked.filter((id) => offered.includes(id));
  const [waitingClick, setWaitingClick] = useState<'image' | 'video' | undefined>(undefined);
  const varied = hasVariations(prompt);
  const variations = useVariations(varied);
  const problemOf = (text: string, lines = batch): Problem | undefined => {
    if (!lines && !hasVariations(text)) return promptProblem(text);
    const expanded = promptsOf(text, lines, variations);
    if (!expanded) return undefined;
    return 'problem' in expanded ? expanded.problem : batchProblem(expanded.prompts);
  };
  const expanded = batch || varied ? promptsOf(prompt, batch, variations) : undefined;
  const prompts = expanded && 'prompts' in expanded ? expanded.prompts : [];
  /** Say "too long" while typing; other problems (empty) only after an attempt, and clear once fixed. */
  const showLive = (text: string) => {
    const problem = problemOf(text);
    setShownProblem((shown) =>
      (problem && LIVE_PROBLEMS.has(problem.code)) || (shown && problem) ? problem : undefined,
    );
  };
  // The parser arrives after the keystroke that needed it: what it finds is said then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the parser's arrival re-checks the text.
  useEffect(() => {
    if (variations) showLive(prompt);
  }, [variations]);

  // Prefill the video options from the settings until the person changes them.
  useEffect(() => {
    if (settings && !videoTouched.current) setVideo(toDraft(settings.videoDefaults));
  }, [settings]);

  // Stable, so the memoised history rows it reaches through Edit & generate do not re-render on each keystroke.
  const fill = useCallback((next: string, options?: VideoOptions, nextModel?: string) => {
    setBatch(false);
    setPrompt(next);
    setModel(nextModel);
    if (options) {
      videoTouched.current = true;
      setVideo(toDraft(options));
    }
    // A prompt too long to send says so at once: that is what the person came to fix.
    const problem = promptProblem(next);
    setShownProblem(problem?.code === 'prompt_too_long' ? problem : undefined);
    setShowVideoProblems(false);
    const box = textareaRef.current;
    box?.scrollIntoView({ block: 'nearest' });
    box?.focus({ preventScroll: true });
  }, []);

  return {
    prompt,
    onPromptChange: (value) => {
      setPrompt(value);
      showLive(value);
      // Typing after the click is a new intention: what was clicked for is no longer what the box says.
      setWaitingClick(undefined);
    },
    ...(shownProblem ? { shownProblem } : {}),
    video,
    onVideoChange: (value) => {
      videoTouched.current = true;
      setVideo(value);
    },
    showVideoProblems,
    textareaRef,
    batch,
    many: batch || varied,
    prompts,
    onBatchChange: (on) => {
      setBatch(on);
      // A problem shown for the other reading of the box (one prompt, or one per line) no longer holds.
      setShownProblem((shown) => (shown ? problemOf(prompt, on) : undefined));
    },
    checks: {
      prompt,
      video,
      expanded,
      textareaRef,
      showProblem: setShownProblem,
      showVideoProblems: setShowVideoProblems,
      waitForParser: setWaitingClick,
    },
    ...(waitingClick && expanded ? { clickToReplay: waitingClick } : {}),
    fill,
    ...(model ? { model } : {}),
    dropModel: () => setModel(undefined),
    ...(picked ? { picked } : {}),
    pick: setPick,
    ...(sentModel ? { sentModel } : {}),
    compared,
    setCompared,
  };
}
