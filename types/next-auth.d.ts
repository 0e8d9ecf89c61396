import 'next-auth';
import 'next-auth/jwt';

declare module 'next-auth' {
  interface Session {
    operatorId?: string;
    organizationId?: string;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    operatorId?: string;
    organizationId?: string;
  }
}
