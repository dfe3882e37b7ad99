import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { InvitationPreview } from '@ridgeline/shared/contracts/team';
import { planById } from '@ridgeline/shared/domain/billing';
import { isPlanId } from '@ridgeline/shared/domain/plans';
import { useDocumentTitle } from '../../components/use-document-title';
import { notify } from '../../lib/toast';
import { acceptInvitation, getInvitation, signInWithPassword } from './auth-api';
import { errorText } from '../../lib/error-text';
import { ForgotPasswordForm } from './components/forgot-password-form';
import { ResetPasswordForm } from './components/reset-password-form';
import { AccountDisabledScreen } from '../../components/account-disabled-screen';
import { SignInForm } from './components/sign-in-form';
import { SignUpForm } from './components/sign-up-form';
import { TwoFactorForm } from './components/two-factor-form';
import { useSession } from '../../lib/session/session-provider';
import { BrandName } from '../../components/brand-mark';
import { Alert, AlertBox } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { paths } from '../../lib/paths';

type Mode = 'signin' | 'signup' | 'forgot' | 'reset' | 'two-factor';

const TITLES: Record<Mode, string> = {
  signin: 'Sign In',
  signup: 'Sign Up',
  forgot: 'Reset Password',
  reset: 'Choose a New Password',
  'two-factor': 'Two-Factor Verification',
};

/**
 * The invitation a link names, and whether it is still being looked up. The sign-up form waits for
 * the answer: mounted before it, the form would be replaced (as the invited form) when it came, and
 * what the person had typed meanwhile would be lost.
 */
function useInvitation(id: string | null): { invitation: InvitationPreview | null; checking: boolean } {
  const [answer, setAnswer] = useState<{ id: string; invitation: InvitationPreview | null } | null>(null);
  useEffect(() => {
    if (!id) return;
    let current = true;
    getInvitation(id)
      .then((invitation) => current && setAnswer({ id, invitation }))
      .catch(() => current && setAnswer({ id, invitation: null }));
    return () => {
      current = false;
    };
  }, [id]);
  const answered = answer !== null && answer.id === id;
  return { invitation: answered ? answer.invitation : null, checking: id !== null && !answered };
}

/** /auth: sign in, sign up (optionally through an invitation), password reset and two-factor. */
export default function AuthPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const token = params.get('token');
  const invitationId = params.get('invitation');
  const linkError = params.get('error');
  // The mailed invitation link's key: signing up with it proves the address (no confirmation mail).
  const invitationKey = params.get('key');
  // A plan chosen on the landing page: kept through sign-up as the company's chosen plan.
  const planParam = params.get('plan');
  const chosenPlan = isPlanId(planParam) ? planParam : null;
  // The e-mail confirmation link lands here; a signed-in user goes straight on to the dashboard.
  const confirmed = params.get('confirmed') === '1';
  const [mode, setMode] = useState<Mode>(
    params.get('mode') === 'reset' && token ? 'reset' : invitationId || params.get('mode') === 'signup' ? 'signup' : 'signin',
  );
  const { invitation, checking: checkingInvitation } = useInvitation(invitationId);
  // A disabled account that signs in sees only the Account Disabled screen.
  const [disabled, setDisabled] = useState(false);
  const usableInvitation = invitation?.status === 'pending' ? invitation : null;
  useDocumentTitle(TITLES[mode]);

  /** Signed up through the mailed invitation: the address is proven, so the new member signs in at once. */
  const finishInvitedSignUp = async (email: string, password: string) => {
    try {
      const result = await signInWithPassword({ email, password });
      if (result.twoFactorRedirect) {
        setMode('two-factor');
        return;
      }
      await session.setAuthenticated();
      if (usableInvitation) notify.success('Welcome to the team', `You joined ${usableInvitation.companyName}.`);
      void navigate(paths.dashboard, { replace: true });
    } catch {
      void navigate(paths.checkEmail, { state: { email } });
    }
  };

  const finishSignIn = async () => {
    if (usableInvitation) {
      try {
        await acceptInvitation(usableInvitation.id);
        notify.success('Welcome to the team', `You joined ${usableInvitation.companyName}.`);
      } catch (e) {
        notify.error('Invitation Error', errorText(e));
      }
    }
    await session.setAuthenticated();
    void navigate(paths.dashboard, { replace: true });
  };

  const signedIn = session.status === 'authenticated';
  if (disabled) return <AccountDisabledScreen onSignOut={() => setDisabled(false)} />;
  if (signedIn && mode !== 'reset' && !usableInvitation) return <Navigate to={paths.dashboard} replace />;

  const joinButton = signedIn && usableInvitation && (
    <Button className="w-full" onClick={() => void finishSignIn()}>
      Join {usableInvitation.companyName}
    </Button>
  );

  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-md">
        <Link to={paths.home} className="mb-6 flex items-center justify-center gap-2 text-xl font-bold text-blue-950">
          <BrandName className="size-8" />
        </Link>
        <CardDiv className="p-6 shadow-sm">
          <h1 className="text-2xl font-bold text-slate-900">{TITLES[mode]}</h1>
          {confirmed && !linkError && !signedIn && session.status !== 'loading' && (
            <Alert tone="success" className="mt-3">
              Your email address is confirmed. Sign in to continue.
            </Alert>
          )}
          {linkError && (
            <Alert className="mt-3">
              That link is invalid or has expired. {mode === 'reset' ? 'Request a new reset link.' : 'Sign in, or request a new link.'}
            </Alert>
          )}
          {usableInvitation && (mode === 'signin' || mode === 'signup') && (
            <AlertBox tone="info" className="mt-3">
              <p className="font-semibold">Join {usableInvitation.companyName}</p>
              <p>
                {usableInvitation.inviterName} invited you to join <strong>{usableInvitation.companyName}</strong>.{' '}
                {signedIn ? 'Accept below.' : mode === 'signup' ? 'Create your account to join.' : 'Sign in to join.'}
              </p>
            </AlertBox>
          )}
          {invitation && !usableInvitation && (
            <Alert tone="warning" role="alert" className="mt-3">
              This invitation is no longer valid ({invitation.status}). Ask your company for a new one.
            </Alert>
          )}

          {(mode === 'signin' || mode === 'signup') && (
            <Tabs value={mode} onValueChange={(tab) => setMode(tab === 'signup' ? 'signup' : 'signin')} className="mt-4">
              <TabsList aria-label="Sign in or sign up">
                <TabsTrigger value="signin">Sign In</TabsTrigger>
                <TabsTrigger value="signup">Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="signin" className="mt-5">
                {joinButton}
                {!signedIn && (
                  <SignInForm
                    onSignedIn={finishSignIn}
                    onTwoFactor={() => setMode('two-factor')}
                    onForgot={() => setMode('forgot')}
                    onDisabled={() => setDisabled(true)}
                  />
                )}
              </TabsContent>
              <TabsContent value="signup" className="mt-5">
                {joinButton}
                {!signedIn && (
                  <>
                    {chosenPlan && !usableInvitation && (
                      <AlertBox tone="info" className="mb-4" data-testid="chosen-plan">
                        <p className="font-semibold">{planById(chosenPlan).name} plan</p>
                        <p>Your 14-day free trial starts now, no card needed. We keep {planById(chosenPlan).name} as your plan for when the trial ends.</p>
                      </AlertBox>
                    )}
                    {checkingInvitation ? (
                      <p role="status" className="text-sm text-slate-600">
                        Checking your invitation…
                      </p>
                    ) : (
                      <SignUpForm
                        key={usableInvitation?.id ?? 'no-invitation'}
                        invitationId={usableInvitation?.id ?? null}
                        invitationKey={usableInvitation ? invitationKey : null}
                        invitedEmail={usableInvitation?.email ?? null}
                        plan={usableInvitation ? null : chosenPlan}
                        onDone={(email) => void navigate(paths.checkEmail, { state: { email } })}
                        onJoined={(email, password) => void finishInvitedSignUp(email, password)}
                      />
                    )}
                  </>
                )}
              </TabsContent>
            </Tabs>
          )}

          {mode !== 'signin' && mode !== 'signup' && (
            <div className="mt-5">
              {mode === 'forgot' && <ForgotPasswordForm onBack={() => setMode('signin')} />}
              {mode === 'reset' && token && (
                <ResetPasswordForm
                  token={token}
                  onDone={() => {
                    setMode('signin');
                    void navigate(paths.auth, { replace: true });
                  }}
                />
              )}
              {mode === 'two-factor' && <TwoFactorForm onVerified={finishSignIn} onCancel={() => setMode('signin')} />}
            </div>
          )}
        </CardDiv>
      </div>
    </main>
  );
}
