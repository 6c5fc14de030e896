/**
 * Why a delivery, a feed run or a dump failed, as the portal stores it (English, in i18next's {{param}} form): the
 * deliveries, their attempts, feed runs and dumps keep the English text, which the failure webhooks send as it is,
 * and the pages and e-mails read back into the reader's language (modules/net/failure-reasons.ts). en.ts holds these
 * under failureReasons; zh.ts holds the same keys in Chinese. A text changed here no longer reads back from rows
 * stored before the change: they then show as stored.
 */
export const failureReasonTemplates = {
  addressNotAllowed: "The address is not allowed: deliveries go to public hosts only",
  controlCharacter: "The {{setting}} contains a line break or another control character",
  answeredStatus: "{{service}} answered HTTP {{status}}",
  loginRefusedFor: "{{service}} refused the login for user {{user}}",
  loginRefused: "{{service}} refused the login",
  hostKeyChanged:
    "The SFTP server's host key changed: it was {{recorded}} at the first delivery and is now {{shown}}. If the server's administrator confirms the new key, edit the delivery and type its password or key again: the next delivery records the new key",
  noAnswer: "{{service}} did not answer in time",
  transferRefused: "{{service}} refused the transfer (reply {{code}})",
  unresolved: "The host name could not be resolved",
  noCertificate: "{{service}} has no valid TLS certificate for its name",
  unreachable: "{{service}} could not be reached",
  mailNotSent: "The e-mail to {{address}} could not be sent",
  uploadSettingsGone: "The upload settings or the file are no longer valid",
  subscriptionEnded: "The owner's subscription to this product has ended",
  interrupted: "Interrupted: the worker stopped during the run",
  workerStopped: "The worker stopped while this job was running.",
  addressUnconfirmed: "The address has not confirmed yet that it wants these notifications: its confirmation link was not followed",
  dailyMailLimit: "Daily limit of {{limit}} notification e-mails reached",
  deliveryFailed: "Delivery failed: {{reason}}",
  uploadFailed: "Upload failed: {{reason}}",
} as const;

export type FailureReason = keyof typeof failureReasonTemplates;

/** The {{service}} of a reason: who failed to take the delivery. */
export const failureServiceNames = {
  ftp: "The FTP server",
  ftps: "The FTPS server",
  sftp: "The SFTP server",
  webhook: "The webhook",
} as const;

/** The {{setting}} of a reason: the delivery setting that holds a control character. */
export const failureSettingNames = {
  hostName: "host name",
  url: "URL",
  redirectLocation: "redirect location",
  ftpUserName: "FTP user name",
  ftpPassword: "FTP password",
  ftpDirectory: "FTP directory",
  sftpUserName: "SFTP user name",
  sftpDirectory: "SFTP directory",
  remoteFileName: "remote file name",
  webhookUrl: "webhook URL",
} as const;

export type FailureSetting = keyof typeof failureSettingNames;
