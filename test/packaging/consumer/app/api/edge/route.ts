import { visitorCart } from '../../cart';

export const runtime = 'edge';
export const dynamic = 'force-dynamic';
export const GET = () => visitorCart('edge');
