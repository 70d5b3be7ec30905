import { IconSparkles } from '../../ui/icons';

/** The panel with no chat selected (spec section 2), texts word for word. */
export function Welcome() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-4 py-10 text-center">
      <IconSparkles className="size-12 text-primary" />
      <h2 className="text-2xl font-bold">Welcome to Aura AI</h2>
      <p className="max-w-md text-base-content/80">
        Your personal AI assistant that helps with mental wellness. Start a conversation by sending a message below.
      </p>
    </div>
  );
}
