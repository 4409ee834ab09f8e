// Queue and job names as applications write them: a constant, an enum, a
// constant object, an alias of another constant.
export const MAIL_QUEUE = 'mail';
export const REPORTS_QUEUE = Queues_Reports();
export enum Jobs {
  Welcome = 'welcome',
  Digest = 'digest',
}
export const Queues = { Reports: 'reports', Other: 'other' } as const;
export const WELCOME_JOB = Jobs.Welcome;

function Queues_Reports(): string {
  return 'reports';
}
