import { z } from 'zod';
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey } from '../../services/api-keys';
import { operatorProcedure, router } from '../init';

const keyId = z.strictObject({ id: z.string().min(1).max(100) });

export const apiKeysRouter = router({
  list: operatorProcedure.query(({ ctx }) => listApiKeys({ organizationId: ctx.organizationId })),
  create: operatorProcedure
    .input(z.strictObject({ label: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters') }))
    .mutation(({ ctx, input }) => createApiKey({ organizationId: ctx.organizationId, label: input.label })),
  rotate: operatorProcedure.input(keyId).mutation(({ ctx, input }) => rotateApiKey({ organizationId: ctx.organizationId, id: input.id })),
  revoke: operatorProcedure.input(keyId).mutation(({ ctx, input }) => revokeApiKey({ organizationId: ctx.organizationId, id: input.id })),
});
