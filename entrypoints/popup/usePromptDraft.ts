import { useCallback, useEffect, useRef, useState } from 'react';
import type { HistoryEntry } from '@/utils/history/schema';
import type { Settings, VideoOptions } from '@/utils/settings/schema';
import { fromDraft, INITIAL_VIDEO_DRAFT, toDraft, type VideoOptionsDraft } from '@/utils/ui/video-options';
import { type Problem, promptProblem } from '@/utils/validation';

export interface PromptDraft {
  prompt: string;
  onPromptChange: (value: string) => void;
  shownProblem?: Problem;
  video: VideoOptionsDraft;
  onVideoChange: (value: VideoOptionsDraft) => void;
  showVideoProblems: boolean;
  textareaRef: React.RefObject<HTMLTextAreaElement | null>;
  /** The prompt to send, or undefined after showing (and focusing) what is wrong. */
  checkedPrompt: () => string | undefined;
  /** The prompt and video options to send, or undefined after showing what is wrong. */
  checkedVideo: () => { prompt: string; options: VideoOptions } | undefined;
  /** Edit & generate: the entry's prompt (and a video's options) into the form, ready to change and send. */
  fill: (entry: HistoryEntry) => void;
}

/** The prompt box and video options as typed, with their problems shown as the person would expect. */
export function usePromptDraft(settings: Settings | undefined): PromptDraft {
  const [prompt, setPrompt] = useState('');
  const [shownProblem, setShownProblem] = useState<Problem | undefined>(undefined);
  const [video, setVideo] = useState<VideoOptionsDraft>(INITIAL_VIDEO_DRAFT);
  const videoTouched = useRef(false);
  const [showVideoProblems, setShowVideoProblems] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  // Prefill the video options from the settings until the person changes them.
  useEffect(() => {
    if (settings && !videoTouched.current) setVideo(toDraft(settings.videoDefaults));
  }, [settings]);

  // Stable, so the memoised history rows it is handed to do not re-render with every keystroke.
  const fill = useCallback((entry: HistoryEntry) => {
    setPrompt(entry.prompt);
    setShownProblem(promptProblem(entry.prompt));
    if (entry.options) {
      videoTouched.current = true;
      setVideo(toDraft(entry.options));
    }
    const box = textareaRef.current;
    box?.scrollIntoView({ block: 'nearest' });
    box?.focus({ preventScroll: true });
  }, []);

  const checkPrompt = (): string | undefined => {
    const problem = promptProblem(prompt);
    setShownProblem(problem);
    return problem ? undefined : prompt.trim();
  };

  return {
    prompt,
    onPromptChange: (value) => {
      setPrompt(value);
      // Say "too long" while typing; other problems (empty) only after an attempt, and clear once fixed.
      const problem = promptProblem(value);
      setShownProblem((shown) =>
        problem?.code === 'prompt_too_long' || (shown && problem) ? problem : undefined,
      );
    },
    ...(shownProblem ? { shownProblem } : {}),
    video,
    onVideoChange: (value) => {
      videoTouched.current = true;
      setVideo(value);
    },
    showVideoProblems,
    textareaRef,
    checkedPrompt: () => {
      const checked = checkPrompt();
      if (checked === undefined) textareaRef.current?.focus();
      return checked;
    },
    checkedVideo: () => {
      const checked = checkPrompt();
      const parsed = fromDraft(video);
      setShowVideoProblems('problem' in parsed);
      if (checked === undefined) textareaRef.current?.focus();
      else if ('problem' in parsed) document.getElementById('video-duration')?.focus();
      return checked === undefined || 'problem' in parsed
        ? undefined
        : { prompt: checked, options: parsed.options };
    },
    fill,
  };
}
