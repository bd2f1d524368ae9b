import { defineHandler, noInput } from '@/lib/server/http/handler';
import { uploadCredentialsFor } from '@/lib/server/storage';

/** Spec §7 {provider}_sts for Alibaba Cloud OSS: credentials for one direct cover upload. */
const ossSts = defineHandler({ auth: 'anchor', input: noInput, methods: ['GET', 'POST'] }, ({ user }) => uploadCredentialsFor(user.id));

export { ossSts as GET, ossSts as POST };
