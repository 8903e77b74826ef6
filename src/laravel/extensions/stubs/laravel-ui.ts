/**
 * laravel/ui's authentication traits, as PHP the generator reads in place of the vendor files
 * (which it never reads). A controller that `use`s one gets its actions (`login`, `register`,
 * `sendResetLinkEmail`, ...), their validation and answers, and its own overrides
 * (`username()`, `validator()`, `sendLoginResponse()`, `authenticated()`, ...) win as in PHP.
 * Written for apidoc from laravel/ui 4's documented behaviour: what each action validates,
 * which hooks it calls, and what it answers to a client that wants JSON.
 */
export const LARAVEL_UI: Readonly<Record<string, string>> = {
  'Illuminate\\Foundation\\Auth\\RedirectsUsers': `<?php
namespace Illuminate\\Foundation\\Auth;

trait RedirectsUsers
{
    public function redirectPath()
    {
        if (method_exists($this, 'redirectTo')) {
            return $this->redirectTo();
        }
        return property_exists($this, 'redirectTo') ? $this->redirectTo : '/home';
    }
}
`,
  'Illuminate\\Foundation\\Auth\\ThrottlesLogins': `<?php
namespace Illuminate\\Foundation\\Auth;

use Illuminate\\Http\\Request;
use Illuminate\\Validation\\ValidationException;

trait ThrottlesLogins
{
    protected function hasTooManyLoginAttempts(Request $request)
    {
        return $this->limiter()->tooManyAttempts($this->throttleKey($request), $this->maxAttempts());
    }

    protected function sendLockoutResponse(Request $request)
    {
        throw ValidationException::withMessages([
            $this->username() => [trans('auth.throttle')],
        ])->status(429);
    }

    protected function throttleKey(Request $request)
    {
        return strtolower($request->input($this->username())).'|'.$request->ip();
    }

    public function maxAttempts()
    {
        return property_exists($this, 'maxAttempts') ? $this->maxAttempts : 5;
    }
}
`,
  'Illuminate\\Foundation\\Auth\\AuthenticatesUsers': `<?php
namespace Illuminate\\Foundation\\Auth;

use Illuminate\\Http\\JsonResponse;
use Illuminate\\Http\\Request;
use Illuminate\\Support\\Facades\\Auth;
use Illuminate\\Validation\\ValidationException;

trait AuthenticatesUsers
{
    use RedirectsUsers, ThrottlesLogins;

    public function showLoginForm()
    {
        return view('auth.login');
    }

    public function login(Request $request)
    {
        $this->validateLogin($request);
        if ($this->hasTooManyLoginAttempts($request)) {
            return $this->sendLockoutResponse($request);
        }
        if ($this->attemptLogin($request)) {
            return $this->sendLoginResponse($request);
        }
        return $this->sendFailedLoginResponse($request);
    }

    protected function validateLogin(Request $request)
    {
        $request->validate([
            $this->username() => 'required|string',
            'password' => 'required|string',
        ]);
    }

    protected function attemptLogin(Request $request)
    {
        return $this->guard()->attempt($this->credentials($request), $request->boolean('remember'));
    }

    protected function credentials(Request $request)
    {
        return $request->only($this->username(), 'password');
    }

    protected function sendLoginResponse(Request $request)
    {
        if ($response = $this->authenticated($request, $this->guard()->user())) {
            return $response;
        }
        return $request->wantsJson() ? new JsonResponse([], 204) : redirect()->intended($this->redirectPath());
    }

    protected function authenticated(Request $request, $user)
    {
    }

    protected function sendFailedLoginResponse(Request $request)
    {
        throw ValidationException::withMessages([
            $this->username() => [trans('auth.failed')],
        ]);
    }

    public function username()
    {
        return 'email';
    }

    public function logout(Request $request)
    {
        $this->guard()->logout();
        if ($response = $this->loggedOut($request)) {
            return $response;
        }
        return $request->wantsJson() ? new JsonResponse([], 204) : redirect('/');
    }

    protected function loggedOut(Request $request)
    {
    }

    protected function guard()
    {
        return Auth::guard();
    }
}
`,
  'Illuminate\\Foundation\\Auth\\RegistersUsers': `<?php
namespace Illuminate\\Foundation\\Auth;

use Illuminate\\Http\\JsonResponse;
use Illuminate\\Http\\Request;
use Illuminate\\Support\\Facades\\Auth;

trait RegistersUsers
{
    use RedirectsUsers;

    public function showRegistrationForm()
    {
        return view('auth.register');
    }

    public function register(Request $request)
    {
        $this->validator($request->all())->validate();
        $user = $this->create($request->all());
        $this->guard()->login($user);
        if ($response = $this->registered($request, $user)) {
            return $response;
        }
        return $request->wantsJson() ? new JsonResponse([], 201) : redirect($this->redirectPath());
    }

    protected function guard()
    {
        return Auth::guard();
    }

    protected function registered(Request $request, $user)
    {
    }
}
`,
  'Illuminate\\Foundation\\Auth\\SendsPasswordResetEmails': `<?php
namespace Illuminate\\Foundation\\Auth;

use Illuminate\\Http\\JsonResponse;
use Illuminate\\Http\\Request;
use Illuminate\\Support\\Facades\\Password;
use Illuminate\\Validation\\ValidationException;

trait SendsPasswordResetEmails
{
    public function showLinkRequestForm()
    {
        return view('auth.passwords.email');
    }

    public function sendResetLinkEmail(Request $request)
    {
        $this->validateEmail($request);
        $response = $this->broker()->sendResetLink($this->credentials($request));
        return $response == Password::RESET_LINK_SENT
            ? $this->sendResetLinkResponse($request, $response)
            : $this->sendResetLinkFailedResponse($request, $response);
    }

    protected function validateEmail(Request $request)
    {
        $request->validate(['email' => 'required|email']);
    }

    protected function credentials(Request $request)
    {
        return $request->only('email');
    }

    protected function sendResetLinkResponse(Request $request, $response)
    {
        return $request->wantsJson()
            ? new JsonResponse(['message' => trans($response)], 200)
            : back()->with('status', trans($response));
    }

    protected function sendResetLinkFailedResponse(Request $request, $response)
    {
        if ($request->wantsJson()) {
            throw ValidationException::withMessages(['email' => [trans($response)]]);
        }
        return back()->withInput($request->only('email'))->withErrors(['email' => trans($response)]);
    }

    public function broker()
    {
        return Password::broker();
    }
}
`,
  'Illuminate\\Foundation\\Auth\\ResetsPasswords': `<?php
namespace Illuminate\\Foundation\\Auth;

use Illuminate\\Http\\JsonResponse;
use Illuminate\\Http\\Request;
use Illuminate\\Support\\Facades\\Auth;
use Illuminate\\Support\\Facades\\Password;
use Illuminate\\Validation\\ValidationException;

trait ResetsPasswords
{
    use RedirectsUsers;

    public function showResetForm(Request $request)
    {
        return view('auth.passwords.reset');
    }

    public function reset(Request $request)
    {
        $request->validate($this->rules(), $this->validationErrorMessages());
        $response = $this->broker()->reset($this->credentials($request), function ($user, $password) {
            $this->resetPassword($user, $password);
        });
        return $response == Password::PASSWORD_RESET
            ? $this->sendResetResponse($request, $response)
            : $this->sendResetFailedResponse($request, $response);
    }

    protected function rules()
    {
        return [
            'token' => 'required',
            'email' => 'required|email',
            'password' => 'required|confirmed|min:8',
        ];
    }

    protected function validationErrorMessages()
    {
        return [];
    }

    protected function credentials(Request $request)
    {
        return $request->only('email', 'password', 'password_confirmation', 'token');
    }

    protected function sendResetResponse(Request $request, $response)
    {
        if ($request->wantsJson()) {
            return new JsonResponse(['message' => trans($response)], 200);
        }
        return redirect($this->redirectPath())->with('status', trans($response));
    }

    protected function sendResetFailedResponse(Request $request, $response)
    {
        if ($request->wantsJson()) {
            throw ValidationException::withMessages(['email' => [trans($response)]]);
        }
        return redirect()->back()->withInput($request->only('email'))->withErrors(['email' => trans($response)]);
    }

    public function broker()
    {
        return Password::broker();
    }

    protected function guard()
    {
        return Auth::guard();
    }
}
`,
  'Illuminate\\Foundation\\Auth\\ConfirmsPasswords': `<?php
namespace Illuminate\\Foundation\\Auth;

use Illuminate\\Http\\JsonResponse;
use Illuminate\\Http\\Request;

trait ConfirmsPasswords
{
    use RedirectsUsers;

    public function showConfirmForm()
    {
        return view('auth.passwords.confirm');
    }

    public function confirm(Request $request)
    {
        $request->validate($this->rules(), $this->validationErrorMessages());
        return $request->wantsJson() ? new JsonResponse([], 204) : redirect()->intended($this->redirectPath());
    }

    protected function rules()
    {
        return ['password' => 'required|current_password:web'];
    }

    protected function validationErrorMessages()
    {
        return [];
    }
}
`,
  'Illuminate\\Foundation\\Auth\\VerifiesEmails': `<?php
namespace Illuminate\\Foundation\\Auth;

use Illuminate\\Auth\\Access\\AuthorizationException;
use Illuminate\\Http\\JsonResponse;
use Illuminate\\Http\\Request;

trait VerifiesEmails
{
    use RedirectsUsers;

    public function show(Request $request)
    {
        return $request->user()->hasVerifiedEmail() ? redirect($this->redirectPath()) : view('auth.verify');
    }

    public function verify(Request $request)
    {
        if (! hash_equals((string) $request->route('id'), (string) $request->user()->getKey())) {
            throw new AuthorizationException();
        }
        if (! hash_equals((string) $request->route('hash'), sha1($request->user()->getEmailForVerification()))) {
            throw new AuthorizationException();
        }
        if ($request->user()->hasVerifiedEmail()) {
            return $request->wantsJson() ? new JsonResponse([], 204) : redirect($this->redirectPath());
        }
        $request->user()->markEmailAsVerified();
        if ($response = $this->verified($request)) {
            return $response;
        }
        return $request->wantsJson() ? new JsonResponse([], 204) : redirect($this->redirectPath())->with('verified', true);
    }

    protected function verified(Request $request)
    {
    }

    public function resend(Request $request)
    {
        if ($request->user()->hasVerifiedEmail()) {
            return $request->wantsJson() ? new JsonResponse([], 204) : redirect($this->redirectPath());
        }
        $request->user()->sendEmailVerificationNotification();
        return $request->wantsJson() ? new JsonResponse([], 202) : back()->with('resent', true);
    }
}
`,
};
