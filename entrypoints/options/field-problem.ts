import { describeProblem, t } from '@/utils/i18n';
import type { FieldProblem } from '@/utils/settings/page/settings-form';

export function describeFieldProblem(problem: FieldProblem | undefined): string | undefined {
  if (!problem) return undefined;
  return problem.code === 'number_range'
    ? t(problem.credits ? 'creditsRange' : 'numberRange', [problem.min, problem.max])
    : describeProblem(problem);
}
