/**
 * How far a follower may drift from the leader before it is moved: well under what the eye notices side by
 * side, and wide enough that decoders of different speeds are not seeked every frame (each seek stalls one).
 */
export const SYNC_TOLERANCE = 0.1;

export interface Follower {
  currentTime: number;
  /** NaN until the metadata is loaded. */
  duration: number;
  /** A seek already on its way: asking again would only restart it. */
  seeking: boolean;
}

export interface Correction {
  /** Position in the followers given. */
  index: number;
  time: number;
}

/**
 * The seeks that bring each follower within `SYNC_TOLERANCE` of the leader's time. A shorter video waits on its
 * last frame while the leader goes on, so it is held at its end, not seeked past it.
 */
export function syncCorrections(leaderTime: number, followers: readonly Follower[]): Correction[] {
  if (!Number.isFinite(leaderTime)) return [];
  return followers.flatMap((follower, index) => {
    if (follower.seeking) return [];
    const end = Number.isFinite(follower.duration) ? follower.duration : Number.POSITIVE_INFINITY;
    const time = Math.min(leaderTime, end);
    return Math.abs(follower.currentTime - time) > SYNC_TOLERANCE ? [{ index, time }] : [];
  });
}

/**
 * Which video leads: the longest, so the shared position runs to the last frame of any of them; the first of
 * equals (the person's order), and the first when no length is known yet.
 */
export function leaderIndex(durations: readonly number[]): number {
  let leader = 0;
  let longest = Number.NEGATIVE_INFINITY;
  durations.forEach((duration, index) => {
    if (Number.isFinite(duration) && duration > longest) {
      longest = duration;
      leader = index;
    }
  });
  return leader;
}
