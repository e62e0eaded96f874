import type { Config } from '@react-router/dev/config';

export default {
  // Server-side render by default, as React Router's templates do.
  ssr: true,
} satisfies Config;
