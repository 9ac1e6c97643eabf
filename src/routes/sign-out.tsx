import { createFileRoute } from '@tanstack/react-router';
import { SignOutPage } from '../features/auth/SignOutPage';

export const Route = createFileRoute('/sign-out')({ component: SignOutPage });
