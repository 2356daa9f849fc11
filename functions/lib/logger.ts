import { Logger } from '@aws-lambda-powertools/logger';

/** One JSON logger per function (Powertools). The service name comes from POWERTOOLS_SERVICE_NAME. */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'schedule-autopost',
  logLevel: (process.env.LOG_LEVEL as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? 'INFO',
});
