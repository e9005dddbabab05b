import { useEffect, useRef, useState } from 'react';
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
  /** Replaces what is typed (a selection sent here for review), ready to change and send. */
  fill: (prompt: string, options: VideoOptions) => void;
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
    fill: (next, options) => {
      videoTouched.current = true;
      setPrompt(next);
      setVideo(toDraft(options));
      // A selection too long for a prompt says so at once: that is what the person came to fix.
      setShownProblem(promptProblem(next)?.code === 'prompt_too_long' ? promptProblem(next) : undefined);
      setShowVideoProblems(false);
    },
  };
}
