import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { saveBrandSettings } from '@/lib/server/admin/settings';
import { brandSettingsInput } from '@/lib/validation/admin-settings';

// The second-factor switch is among them: the console asks for the password again first (sensitiveRights).
export const POST = defineHandler({ auth: 'none', input: brandSettingsInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'brand.settings');
  return saveBrandSettings(db, audit, input);
});
