import type { Tenant } from '../../lib/actor';
import { AppError } from '../../lib/app-error';

// Every member asks the assistant in their own conversations; only the company's owner sets how it
// answers for the company (the adopted code edition, whether the AI provider is used, the daily limit).

export function assertCanSetAssistant(tenant: Tenant): void {
  if (tenant.role !== 'owner') throw new AppError('FORBIDDEN', "Only the company's owner can change the assistant's settings.");
}
