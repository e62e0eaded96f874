import { visitorCart } from '../../cart';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
export const GET = () => visitorCart('nodejs');
